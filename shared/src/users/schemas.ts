import { z } from 'zod';
import { MSG } from '../messages';
import { USER_TYPES } from '../roles';
import { emailSchema, passwordSchema } from '../validation';

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, MSG.invalidCredentials).max(256, MSG.invalidCredentials),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const resetPasswordBodySchema = z.object({ userName: emailSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const setPasswordBodySchema = z.object({
  newPassword: passwordSchema,
  key: z.string().min(1, MSG.resetLinkInvalid).max(2048, MSG.resetLinkInvalid),
});
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;

/** What the API answers about the signed-in user. Never carries a token. */
export const currentUserSchema = z.object({
  objectId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  type: z.number(),
  userType: z.enum(USER_TYPES),
  agentCode: z.string().nullable(),
  isActive: z.boolean(),
  lastLoginTime: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
