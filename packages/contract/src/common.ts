import { z } from 'zod';

/** The one error shape every 4xx (and the bare 5xx) answers with (product.md §6). */
export const errorResponse = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** Field name → message, for errors a form can show next to a field. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const roles = ['user', 'editor', 'admin'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

/** Roles that may use the admin API and the SPA (seed §5, product.md §3). */
export const staffRoles = ['admin', 'editor'] as const satisfies readonly Role[];
export type StaffRole = (typeof staffRoles)[number];
export const isStaffRole = (value: string): value is StaffRole => (staffRoles as readonly string[]).includes(value);

export const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Paging query shared by every list (product.md §4): take ≤ 100, 1-based page. */
export const pageQuery = z.object({
  take: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).default(1),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), count: z.number().int().nonnegative() });

export const okResponse = z.object({ ok: z.literal(true) });
