/**
 * Query keys per resource, as react-admin shapes them: `[resource, 'list', params]`,
 * `[resource, 'one', id]`. Invalidating `[resource]` refreshes every view of that resource,
 * wherever it is shown (docs/decisions/0013).
 */
export const resourceKeys = <R extends string>(resource: R) => ({
  all: [resource] as const,
  list: (params: object = {}) => [resource, 'list', params] as const,
  one: (id: number | string) => [resource, 'one', id] as const,
});
