import type { defineEndpoint } from '../endpoint';

/** Filled in as the module moves onto the endpoint map. */
export const auditEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
