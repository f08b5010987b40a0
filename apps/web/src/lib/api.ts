import { type Api, type CallInput, type CallResult, type Endpoint, fillPath } from '@pult/contract';
import { apiClient, type Query } from './api-client';

export interface CallOptions {
  signal?: AbortSignal;
  /** Use exactly this token (no refresh; a 401 leaves the stored session alone). */
  token?: string;
  /** Sent even if the page goes away meanwhile. */
  keepalive?: boolean;
  /** The version the change is made over (`If-Match`): a stale one answers 412 STALE_VERSION with the record now. */
  ifMatch?: number;
  /** The page sends it on its own (a poll, a presence beat): not the person's activity (api-client.ts). */
  background?: boolean;
}

type Args<E extends Endpoint> =
  Record<never, never> extends CallInput<E>
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

function requestOptions(endpoint: Endpoint, input: Partial<CallInput<Endpoint>> = {}, options: CallOptions = {}) {
  let body: unknown = input.body;
  if (endpoint.upload && input.file) {
    const form = new FormData();
    form.append(endpoint.upload, input.file);
    body = form;
  }
  return {
    path: fillPath(endpoint.path, input.params as Record<string, unknown> | undefined),
    init: {
      method: endpoint.method,
      query: input.query as Query | undefined,
      body,
      auth: endpoint.access !== 'public',
      token: options.token,
      signal: options.signal,
      keepalive: options.keepalive,
      ifMatch: options.ifMatch,
      background: options.background,
    },
  };
}

/**
 * Calls one endpoint of the contract. The answer is parsed with the endpoint's own response schema,
 * so what the caller gets is checked, not asserted: a server that breaks the contract fails loudly
 * here instead of somewhere in a screen.
 */
export async function call<E extends Endpoint>(endpoint: E, ...[input, options]: Args<E>): Promise<CallResult<E>> {
  const { path, init } = requestOptions(endpoint, input as Partial<CallInput<Endpoint>>, options);
  const data = await apiClient.request(path, init);
  return parseAnswer(endpoint, data);
}

function parseAnswer<E extends Endpoint>(endpoint: E, data: unknown): CallResult<E> {
  const schema = endpoint.response;
  if (typeof schema === 'string') {
    if (typeof data !== 'string') throw new Error(`${endpoint.operationId}: expected a ${schema} body`);
    return data as CallResult<E>; // why: CallResult of a raw endpoint is string, which the check above proved
  }
  return schema.parse(data) as CallResult<E>; // why: CallResult<E> is z.output of this very schema
}

export interface DownloadProgress {
  bytes: number;
  /** Data rows received so far (lines after the header). */
  rows: number;
}

const NEWLINE = 0x0a;
const fileNameOf = (disposition: string | null, fallback: string): string =>
  disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;

/**
 * Downloads a raw (CSV) endpoint as a Blob, counting bytes and lines as they arrive. A plain link
 * cannot send the `Api-Token` header, so the file is fetched here. Rows are counted by line ends:
 * a quoted cell with a line break may run the count a little ahead, which a progress bar can live with.
 */
export async function download<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E>,
  onProgress: (progress: DownloadProgress) => void,
  options: CallOptions & { fileName: string },
): Promise<{ blob: Blob; fileName: string }> {
  const { path, init } = requestOptions(endpoint, input as Partial<CallInput<Endpoint>>, options);
  const response = await apiClient.send(path, init);
  const type = response.headers.get('content-type') ?? 'text/csv;charset=utf-8';
  const fileName = fileNameOf(response.headers.get('content-disposition'), options.fileName);
  if (!response.body) return { blob: await response.blob(), fileName };
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(new Uint8Array(value));
    bytes += value.byteLength;
    for (const byte of value) if (byte === NEWLINE) lines += 1;
    onProgress({ bytes, rows: Math.max(0, lines - 1) });
  }
  return { blob: new Blob(chunks, { type }), fileName };
}

/** Hands a Blob to the browser as a download through a temporary link. */
export const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start the download only after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};

type GroupClient<G> = {
  [K in keyof G]: G[K] extends Endpoint ? (...args: Args<G[K]>) => Promise<CallResult<G[K]>> : never;
};
export type ApiCalls = { [M in keyof Api]: GroupClient<Api[M]> };

/**
 * Each endpoint group of the contract, loaded on the first call into it: its schemas (and zod's) stay
 * out of the entry, and a page downloads only the groups it calls (the login page: config and auth),
 * never the whole endpoint map with its OpenAPI descriptions.
 */
const groupLoaders: { [G in keyof Api]: () => Promise<Api[G]> } = {
  auth: () => import('@pult/contract/endpoints/auth').then((m) => m.authEndpoints),
  config: () => import('@pult/contract/endpoints/config').then((m) => m.configEndpoints),
  users: () => import('@pult/contract/endpoints/users').then((m) => m.usersEndpoints),
  plans: () => import('@pult/contract/endpoints/plans').then((m) => m.plansEndpoints),
  subscriptions: () => import('@pult/contract/endpoints/subscriptions').then((m) => m.subscriptionsEndpoints),
  transactions: () => import('@pult/contract/endpoints/transactions').then((m) => m.transactionsEndpoints),
  promoCodes: () => import('@pult/contract/endpoints/promo-codes').then((m) => m.promoCodesEndpoints),
  push: () => import('@pult/contract/endpoints/push').then((m) => m.pushEndpoints),
  client: () => import('@pult/contract/endpoints/client').then((m) => m.clientEndpoints),
  audit: () => import('@pult/contract/endpoints/audit').then((m) => m.auditEndpoints),
  notes: () => import('@pult/contract/endpoints/notes').then((m) => m.notesEndpoints),
  agreements: () => import('@pult/contract/endpoints/agreements').then((m) => m.agreementsEndpoints),
  settings: () => import('@pult/contract/endpoints/settings').then((m) => m.settingsEndpoints),
  personalData: () => import('@pult/contract/endpoints/personal-data').then((m) => m.personalDataEndpoints),
  profile: () => import('@pult/contract/endpoints/profile').then((m) => m.profileEndpoints),
  mfa: () => import('@pult/contract/endpoints/mfa').then((m) => m.mfaEndpoints),
  passkeys: () => import('@pult/contract/endpoints/passkeys').then((m) => m.passkeysEndpoints),
  sessions: () => import('@pult/contract/endpoints/sessions').then((m) => m.sessionsEndpoints),
  stepUp: () => import('@pult/contract/endpoints/step-up').then((m) => m.stepUpEndpoints),
  telegramChannels: () => import('@pult/contract/endpoints/telegram-channels').then((m) => m.telegramChannelsEndpoints),
  dashboard: () => import('@pult/contract/endpoints/dashboard').then((m) => m.dashboardEndpoints),
  listViews: () => import('@pult/contract/endpoints/list-views').then((m) => m.listViewsEndpoints),
  jobs: () => import('@pult/contract/endpoints/jobs').then((m) => m.jobsEndpoints),
  imports: () => import('@pult/contract/endpoints/imports').then((m) => m.importsEndpoints),
  backups: () => import('@pult/contract/endpoints/backups').then((m) => m.backupsEndpoints),
  operations: () => import('@pult/contract/endpoints/operations').then((m) => m.operationsEndpoints),
  events: () => import('@pult/contract/endpoints/events').then((m) => m.eventsEndpoints),
  presence: () => import('@pult/contract/endpoints/presence').then((m) => m.presenceEndpoints),
  bulkUndos: () => import('@pult/contract/endpoints/bulk-undos').then((m) => m.bulkUndosEndpoints),
};

const loadedGroups = new Map<keyof Api, Promise<Record<string, Endpoint>>>();

const endpointOf = async (group: keyof Api, name: string): Promise<Endpoint> => {
  let pending = loadedGroups.get(group);
  if (!pending) {
    pending = groupLoaders[group]() as Promise<Record<string, Endpoint>>; // why: every group is a map of endpoints
    loadedGroups.set(group, pending);
    // A failed download is not kept: the next call tries again.
    pending.catch(() => loadedGroups.delete(group));
  }
  const endpoint = (await pending)[name];
  if (!endpoint) throw new Error(`api.${group}.${name} is not in the contract`);
  return endpoint;
};

/** One group's calls, made on demand: `api.users.list` loads the users group, then calls. */
const groupClient = (group: keyof Api) => {
  const calls = new Map<string, (input?: Partial<CallInput<Endpoint>>, options?: CallOptions) => Promise<unknown>>();
  return new Proxy(
    {},
    {
      get: (_target, name) => {
        if (typeof name !== 'string') return undefined;
        let member = calls.get(name);
        if (!member) {
          member = async (input, options) =>
            call(await endpointOf(group, name), ...([input, options] as Args<Endpoint>));
          calls.set(name, member);
        }
        return member;
      },
    },
  );
};

/**
 * The typed client: `api.users.list({ query })`, `api.plans.update({ params: { id }, body })`.
 * Typed from the contract's endpoint map, so a new endpoint is callable as soon as it is declared
 * (and its group is listed above, which the type of `groupLoaders` enforces).
 */
export const api = Object.fromEntries(
  Object.keys(groupLoaders).map((group) => [group, groupClient(group as keyof Api)]),
) as unknown as ApiCalls; // why: one client per group of `Api`; Object.fromEntries cannot keep the keys' types
