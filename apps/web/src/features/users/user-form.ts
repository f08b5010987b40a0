import {
  type CreateUserBody,
  createUserBody,
  normalizePhone,
  type Role,
  type UpdateUserBody,
  type User,
  userFields,
} from '@pult/contract';
import type { FormInstance, FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { type FieldFormats, valueAs } from '../../lib/revision-values';

/** What the antd form holds: text boxes give '' for nothing. */
export interface UserFormValues {
  email: string;
  phoneNumber: string;
  firstName: string;
  lastName: string;
  role: Role;
  password: string;
}

export const emptyUserForm = (): UserFormValues => ({
  email: '',
  phoneNumber: '',
  firstName: '',
  lastName: '',
  role: 'user',
  password: '',
});

export const userToForm = (user: User): UserFormValues => ({
  email: user.email,
  phoneNumber: user.phoneNumber ?? '',
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  role: user.role,
  password: '',
});

type Field = keyof UserFormValues;

/** Translation keys of the message each field shows when the contract refuses its value. */
const FIELD_MESSAGES: Record<Field, string> = {
  email: 'users.validation.email',
  phoneNumber: 'users.validation.phone',
  firstName: 'users.validation.name',
  lastName: 'users.validation.name',
  role: 'users.validation.role',
  password: 'users.validation.password',
};

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && !value.trim());

/**
 * An antd rule checked by the contract's own schema for the field (Epic Stack: one schema on both
 * sides), with a message in the interface language instead of zod's English.
 */
export const contractRule = (field: Field, t: TFunction): FormRule => ({
  validator: async (_rule, value: unknown) => {
    if (blank(value)) return;
    const schema = userFields.shape[field] as z.ZodType;
    if (!schema.safeParse(value).success) throw new Error(t(FIELD_MESSAGES[field]));
  },
});

/** Staff accounts sign in, so they need a password from the start (the contract's refine). */
export const passwordRequiredRule =
  (t: TFunction): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (blank(value) && getFieldValue('role') !== 'user') throw new Error(t('users.validation.passwordRequired'));
    },
  });

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/**
 * Form → `createUserBody`, parsed by the contract. On failure the issues are put on their fields
 * and null is returned, so nothing invalid is sent.
 */
export const toCreateBody = (values: UserFormValues, form: FormInstance, t: TFunction): CreateUserBody | null => {
  const candidate = {
    email: values.email,
    role: values.role,
    ...(orNull(values.phoneNumber) ? { phoneNumber: orNull(values.phoneNumber) } : {}),
    ...(orNull(values.firstName) ? { firstName: orNull(values.firstName) } : {}),
    ...(orNull(values.lastName) ? { lastName: orNull(values.lastName) } : {}),
    ...(values.password ? { password: values.password } : {}),
  };
  const parsed = createUserBody.safeParse(candidate);
  if (parsed.success) return parsed.data;
  form.setFields(
    parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'email') as Field;
      const key = name === 'password' && !values.password ? 'users.validation.passwordRequired' : FIELD_MESSAGES[name];
      return { name, errors: [t(key)] };
    }),
  );
  return null;
};

/** Form → `updateUserBody` with only what changed; cleared optional fields are sent as null. */
export const toUpdateBody = (values: UserFormValues, user: User): UpdateUserBody => {
  const before = userToForm(user);
  const body: UpdateUserBody = {};
  if (values.email.trim().toLowerCase() !== before.email) body.email = values.email;
  // «8 916 123-45-67» for the stored +79161234567 is no change: compared as the contract will store it.
  if (normalizePhone(values.phoneNumber) !== before.phoneNumber) body.phoneNumber = orNull(values.phoneNumber);
  if (values.firstName.trim() !== before.firstName) body.firstName = orNull(values.firstName);
  if (values.lastName.trim() !== before.lastName) body.lastName = orNull(values.lastName);
  if (values.role !== before.role) body.role = values.role;
  if (values.password) body.password = values.password;
  return body;
};

/** The form's and the history's names of a user's fields. */
export const USER_FIELD_LABELS: Partial<Record<string, string>> = {
  email: 'users.form.email',
  phoneNumber: 'users.form.phone',
  firstName: 'users.form.firstName',
  lastName: 'users.form.lastName',
  role: 'users.form.role',
  status: 'users.columns.status',
  avatar: 'versions.photo',
};

/** How a user's fields read in their history and the conflict dialog: the role and status in words, as the list shows them. */
export const USER_FIELD_VALUES: FieldFormats = {
  role: valueAs.choice((value, t) => t(`roles.${value}`)),
  status: valueAs.choice((value, t) => t(`userStatus.${value}`)),
  avatar: valueAs.file,
};

/** The fields where what the person is saving differs from the user saved now (a 412). */
export function userConflictFields(mine: UserFormValues, theirs: UserFormValues, label: (field: string) => string) {
  const fields = ['email', 'phoneNumber', 'firstName', 'lastName', 'role'] as const;
  return fields
    .filter((field) => mine[field] !== theirs[field])
    .map((field) => ({ name: field, label: label(field), mine: mine[field], theirs: theirs[field] }));
}
