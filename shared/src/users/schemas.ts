import { z } from 'zod';
import { EMAIL_MAX_LENGTH, IDENTIFIER_MAX_LENGTH } from '../constants';
import { MSG } from '../messages';
import { requiredReferenceCode } from '../field-rules';
import { USER_TYPES, type UserType } from '../roles';
import { emailSchema, nameSchema, passwordSchema } from '../validation';
import { SAVED_VIEW_LISTS, SAVED_VIEW_NAME_MAX_LENGTH, SAVED_VIEW_QUERY_MAX_LENGTH } from './views';

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
  /** the user type, as its code (the same value as userType) */
  type: z.enum(USER_TYPES),
  userType: z.enum(USER_TYPES),
  agentCode: z.string().nullable(),
  isActive: z.boolean(),
  lastLoginTime: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

// ---- User Administration (spec 1 "User Administration", sections 3 and 5) -------------------------

/** A person's name on the user form: the name rule, and not only spaces (stored trimmed). */
export const userNameSchema = nameSchema
  .refine((v) => v.trim().length > 0, MSG.nameRule)
  .transform((v) => v.trim());

/**
 * The role: a user type, as its code of the `userTypes` set ('admin', 'superAdmin', 'viewOnly',
 * 'agent'); the spec's reference id (1 to 4) is accepted and normalised to the code. 'Required'
 * when empty or unknown.
 */
export const userTypeSchema = requiredReferenceCode<UserType>('userTypes', { invalid: MSG.required });

/** Identifier (agent code): optional free text, trimmed, at most IDENTIFIER_MAX_LENGTH; '' is none. */
export const agentCodeSchema = z
  .string({ error: MSG.identifierRule })
  .trim()
  .max(IDENTIFIER_MAX_LENGTH, MSG.identifierRule)
  .regex(/^[^\p{Cc}]*$/u, MSG.identifierRule)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** A password field of the user form: '' (or absent) is "no password typed". */
const passwordField = z.string({ error: MSG.passwordRule }).max(256, MSG.passwordRule).optional().default('');

const userFields = {
  firstName: userNameSchema,
  lastName: userNameSchema,
  email: emailSchema,
  type: userTypeSchema,
  agentCode: agentCodeSchema,
  password: passwordField,
  confirmPassword: passwordField,
};

/**
 * The password rules of the form: a password typed must follow the rule and the confirmation must
 * match it; on create both are required (spec: "A password and its confirmation are also required
 * when creating"). On update an empty password keeps the current one. They are checked even when
 * other fields are invalid (or missing), so that the form shows every message at once.
 */
type Passwords = { password?: unknown; confirmPassword?: unknown };
const text = (v: unknown): string | undefined => (v === undefined ? '' : typeof v === 'string' ? v : undefined);
const passwordsAreText = ({ value }: { value: unknown }): boolean => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Passwords;
  return text(v.password) !== undefined && text(v.confirmPassword) !== undefined;
};
function withPasswordRules<T extends z.ZodType<Passwords>>(schema: T, required: boolean) {
  return schema
    .refine(
      (v) => {
        const p = text(v.password) ?? '';
        return (!required && p === '') || passwordSchema.safeParse(p).success;
      },
      { path: ['password'], message: MSG.passwordRule, when: passwordsAreText },
    )
    .refine((v) => text(v.password) === text(v.confirmPassword), {
      path: ['confirmPassword'],
      message: MSG.passwordMismatch,
      when: passwordsAreText,
    });
}

/** POST users/Create: a new user (isActive defaults to true). */
export const createUserBodySchema = withPasswordRules(
  z.object({ ...userFields, isActive: z.boolean({ error: MSG.invalidInput }).optional().default(true) }),
  true,
);
export type CreateUserBody = z.input<typeof createUserBodySchema>;

/** PUT users/Update?id: the whole editable user plus the version it was read at (409 when stale). */
export const updateUserBodySchema = withPasswordRules(
  z.object({
    ...userFields,
    isActive: z.boolean({ error: MSG.invalidInput }),
    version: z.number({ error: MSG.invalidInput }).int().positive(),
  }),
  false,
);
export type UpdateUserBody = z.input<typeof updateUserBodySchema>;

/** POST users/GetList body: the email text (contains, case-insensitive) and the status filter (null: all). */
export const userListBodySchema = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH, MSG.invalidEmail).nullable().optional(),
  isActive: z.boolean().nullable().optional(),
});
export type UserListBody = z.infer<typeof userListBodySchema>;

/** A user as the administration calls answer it (never a password). */
export interface UserDto {
  objectId: number;
  firstName: string;
  lastName: string;
  email: string;
  /** the user type, as its code of the `userTypes` set */
  type: UserType;
  isActive: boolean;
  agentCode: string | null;
  lastLoginTime: string | null;
  version: number;
}

// ---- saved views (users/views.ts) ---------------------------------------------------------------

const viewListSchema = z.enum(SAVED_VIEW_LISTS, { error: MSG.invalidInput });
const viewNameSchema = z.string({ error: MSG.required }).trim().min(1, MSG.required).max(SAVED_VIEW_NAME_MAX_LENGTH, MSG.invalidInput);

export const savedViewListQuerySchema = z.object({ list: viewListSchema });
export const savedViewBodySchema = z.object({
  list: viewListSchema,
  name: viewNameSchema,
  /** the list page's URL query ('keyword=acme&status=Signed&sort=...') */
  query: z.string().max(SAVED_VIEW_QUERY_MAX_LENGTH, MSG.invalidInput),
  /** the visible columns, in order (none: the list's default columns) */
  columns: z.array(z.string().min(1).max(60), { error: MSG.invalidInput }).max(60, MSG.invalidInput),
});
export const savedViewDeleteBodySchema = z.object({ list: viewListSchema, name: viewNameSchema });
export type SavedViewBody = z.infer<typeof savedViewBodySchema>;
