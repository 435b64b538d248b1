import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from './constants';
import { MSG } from './messages';
import { EMAIL_PATTERN, NAME_PATTERN, PASSWORD_PATTERN } from './formats';

// zod building blocks, shared by forms and handlers
export const emailSchema = z
  .string({ error: MSG.invalidEmail })
  .trim()
  .max(EMAIL_MAX_LENGTH, MSG.invalidEmail)
  .regex(EMAIL_PATTERN, MSG.invalidEmail);
export const nameSchema = z.string({ error: MSG.nameRule }).regex(NAME_PATTERN, MSG.nameRule);
export const passwordSchema = z.string({ error: MSG.passwordRule }).regex(PASSWORD_PATTERN, MSG.passwordRule);
/** Numeric id passed as ?id= */
export const idQuerySchema = z.object({ id: z.coerce.number().int().positive() });
