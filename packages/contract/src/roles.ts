// The roles without their schema (common.ts): the SPA's entry checks a role without loading zod.

export const roles = ['user', 'editor', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Roles that may use the admin API and the SPA. */
export const staffRoles = ['admin', 'editor'] as const satisfies readonly Role[];
export type StaffRole = (typeof staffRoles)[number];
export const isStaffRole = (value: string): value is StaffRole => (staffRoles as readonly string[]).includes(value);
