import { z } from 'zod';
import { role } from './common';

export const userStatuses = ['active', 'blocked', 'deleted'] as const;
export const userStatus = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatus>;

/** The user's current subscription, as the list and the header show it (product.md §4). */
export const userRegister = z
  .object({
    planId: z.number().int(),
    planTitle: z.string(),
    status: z.enum(['active', 'expired', 'canceled']),
    expiresAt: z.string().nullable(),
  })
  .nullable();

export const user = z.object({
  id: z.number().int(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role,
  status: userStatus,
  avatar: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  register: userRegister,
});
export type User = z.infer<typeof user>;
