import type { UserType } from '@eb/shared/roles';
import {
  createUserBodySchema,
  updateUserBodySchema,
  type CreateUserBody,
  type UpdateUserBody,
  type UserDto,
} from '@eb/shared/users/schemas';
import { zodErrors } from '../../../components/use-form';

/**
 * The create/edit popup's model. The rules are the shared zod schemas the server applies too
 * (spec 1 "User form": Save is disabled unless firstName, lastName and type are present, the email
 * is valid, the passwords match and both names are valid; a password and its confirmation are
 * also required when creating).
 */
export type UserFormMode = 'create' | 'edit';

export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  /** the user type's code; null until a role is chosen */
  type: UserType | null;
  isActive: boolean;
  agentCode: string;
  password: string;
  confirmPassword: string;
}
export type UserField = keyof UserFormValues;

export const EMPTY_USER_FORM: UserFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  type: null,
  isActive: true,
  agentCode: '',
  password: '',
  confirmPassword: '',
};

export function formOf(user: UserDto): UserFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    type: user.type,
    isActive: user.isActive,
    agentCode: user.agentCode ?? '',
    password: '',
    confirmPassword: '',
  };
}

export type UserFormErrors = Partial<Record<UserField, string>>;

/** The first message of each invalid field (empty when the form may be saved). */
export function validateUserForm(values: UserFormValues, mode: UserFormMode): UserFormErrors {
  const schema = mode === 'create' ? createUserBodySchema : updateUserBodySchema;
  return zodErrors(schema, { ...values, version: 1 }, { depth: 1, keep: (field) => field in values });
}

export const createBody = (v: UserFormValues): CreateUserBody => ({
  firstName: v.firstName,
  lastName: v.lastName,
  email: v.email,
  type: v.type ?? '',
  isActive: v.isActive,
  agentCode: v.agentCode,
  password: v.password,
  confirmPassword: v.confirmPassword,
});

export const updateBody = (v: UserFormValues, version: number): UpdateUserBody => ({
  ...createBody(v),
  isActive: v.isActive,
  version,
});
