import type { defineEndpoint } from '../endpoint';

/** Filled in as the module moves onto the endpoint map. */
export const subscriptionsEndpoints = {} satisfies Record<string, ReturnType<typeof defineEndpoint>>;
