import type { UserType } from '@eb/shared/roles';
import {
  createUserBodySchema,
  updateUserBodySchema,
  type CreateUserBody,
  type UpdateUserBody,
  type UserDto,
} from '@eb/shared/users/schemas';
import { EMAIL_MAX_LENGTH, IDENTIFIER_MAX_LENGTH, NAME_MAX_LENGTH } from '@eb/shared/constants';
import type { DeclaredField, DeclaredSection } from '../../../components/declared-fields';
import { zodErrors } from '../../../components/use-form';
import { USER_DIALOG_TITLES, USER_FIELD_LABELS as L, USER_FORM_TEXTS } from '../../../entities/users/user-texts';

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

/**
 * The popup's fields (spec 1 "User form"): the names, Email, Role, Status (in both popups: a user
 * may be created inactive), Identifier and the passwords. The inputs stop at the rules' lengths.
 * Identifier sits with the status when editing, after the passwords when creating (pairs stay on
 * one row); the passwords are required when creating only.
 */
export function userFormSections(mode: UserFormMode): DeclaredSection<UserField>[] {
  const text = (field: UserField, maxLength: number, more: Partial<DeclaredField<UserField>> = {}): DeclaredField<UserField> => ({
    field,
    kind: 'text',
    label: L[field],
    maxLength,
    cut: true,
    autoComplete: 'off',
    ...more,
  });
  const identifier = text('agentCode', IDENTIFIER_MAX_LENGTH);
  const fields: DeclaredField<UserField>[] = [
    text('firstName', NAME_MAX_LENGTH, { autoFocus: true }),
    text('lastName', NAME_MAX_LENGTH),
    text('email', EMAIL_MAX_LENGTH, { kind: 'email' }),
    { field: 'type', kind: 'select', itemType: 'userTypes', label: L.type, placeholder: USER_FORM_TEXTS.rolePlaceholder },
    { field: 'isActive', kind: 'toggle', label: L.isActive, className: 'eb-user-form__status' },
    ...(mode === 'edit' ? [identifier] : []),
    { field: 'password', kind: 'password', label: L.password, ...(mode === 'edit' ? { placeholder: USER_FORM_TEXTS.keepPasswordPlaceholder } : {}) },
    { field: 'confirmPassword', kind: 'password', label: L.confirmPassword, placeholder: USER_FORM_TEXTS.matchPlaceholder },
    ...(mode === 'create' ? [identifier] : []),
  ];
  return [{ key: 'user', title: USER_DIALOG_TITLES[mode], fields }];
}

/** The fields Save needs (the passwords when creating). */
export const userFormRequired = (mode: UserFormMode): ReadonlySet<string> =>
  new Set(['firstName', 'lastName', 'email', 'type', ...(mode === 'create' ? ['password', 'confirmPassword'] : [])]);

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
