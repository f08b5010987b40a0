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

/** What a call needs of an endpoint: its method and path and how it is sent, not its schemas. */
interface Route {
  method: Endpoint['method'];
  path: string;
  access: 'public' | 'staff';
  raw: boolean;
  upload?: string;
}

/** `GET /users/:id public raw upload=file`, as `api-routes.ts` writes each endpoint. */
const parseRoute = (line: string): Route => {
  const [method, path, ...flags] = line.split(' ');
  const upload = flags.find((flag) => flag.startsWith('upload='))?.slice('upload='.length);
  return {
    method: method as Endpoint['method'], // why: the generated table holds the contract's methods only
    path: path ?? '/',
    access: flags.includes('public') ? 'public' : 'staff',
    raw: flags.includes('raw'),
    ...(upload ? { upload } : {}),
  };
};

const routeOfEndpoint = (endpoint: Endpoint): Route => ({
  method: endpoint.method,
  path: endpoint.path,
  access: endpoint.access === 'public' ? 'public' : 'staff',
  raw: typeof endpoint.response === 'string',
  ...(endpoint.upload ? { upload: endpoint.upload } : {}),
});

function requestOptions(route: Route, input: Partial<CallInput<Endpoint>> = {}, options: CallOptions = {}) {
  let body: unknown = input.body;
  if (route.upload && input.file) {
    const form = new FormData();
    form.append(route.upload, input.file);
    body = form;
  }
  return {
    path: fillPath(route.path, input.params as Record<string, unknown> | undefined),
    init: {
      method: route.method,
      query: input.query as Query | undefined,
      body,
      auth: route.access !== 'public',
      token: options.token,
      signal: options.signal,
      keepalive: options.keepalive,
      ifMatch: options.ifMatch,
      background: options.background,
    },
  };
}

/**
 * Calls one endpoint of the contract. The server writes every answer through the endpoint's response
 * schema (its serializer refuses one that breaks the contract, and the API tests hold the lists that
 * PostgreSQL writes), so the production build takes the JSON as it comes: checking it again here made
 * every page download zod and the group's schemas before its first row (issue 37, docs/decisions/0022).
 * Development builds and the unit tests still parse each answer with its schema, so a drift fails
 * loudly where it is made.
 */
export async function call<E extends Endpoint>(endpoint: E, ...[input, options]: Args<E>): Promise<CallResult<E>> {
  const { path, init } = requestOptions(routeOfEndpoint(endpoint), input as Partial<CallInput<Endpoint>>, options);
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

/**
 * The route table (2 kB gzip), downloaded with the first call rather than with the entry, which the sign-in
 * pages share (their budget is 150 kB). A failed download is not kept: the next call asks again.
 */
let routeTable: Promise<typeof import('./api-routes').apiRoutes> | null = null;
const routeOf = async (group: keyof Api, name: string): Promise<Route> => {
  if (!routeTable) {
    const pending = import('./api-routes').then((m) => m.apiRoutes);
    routeTable = pending;
    pending.catch(() => {
      routeTable = null;
    });
  }
  const line = ((await routeTable)[group] as Record<string, string>)[name];
  if (!line) throw new Error(`api.${group}.${name} is not in the contract`);
  return parseRoute(line);
};

/** One endpoint by its group and name, through the zod-free table (the schemas only in development). */
async function callRoute(group: keyof Api, name: string, input?: Partial<CallInput<Endpoint>>, options?: CallOptions) {
  const route = await routeOf(group, name);
  const { path, init } = requestOptions(route, input, options);
  const data = await apiClient.request(path, init);
  if (import.meta.env.DEV) return parseAnswer(await endpointOf(group, name), data);
  if (route.raw && typeof data !== 'string') throw new Error(`api.${group}.${name}: expected a raw body`);
  return data;
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
  endpoint: E | EndpointRef<E>,
  input: CallInput<E>,
  onProgress: (progress: DownloadProgress) => void,
  options: CallOptions & { fileName: string },
): Promise<{ blob: Blob; fileName: string }> {
  const route = 'route' in endpoint ? await routeOf(...endpoint.route) : routeOfEndpoint(endpoint);
  const { path, init } = requestOptions(route, input as Partial<CallInput<Endpoint>>, options);
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

/**
 * An endpoint named by group and name, for `download` without its schemas: `endpointRef('users', 'exportData')`
 * types the input as the endpoint's own.
 */
export interface EndpointRef<E extends Endpoint> {
  route: [keyof Api, string];
  /** Only for the type: never read. */
  endpoint?: E;
}

export const endpointRef = <G extends keyof Api, N extends keyof Api[G] & string>(
  group: G,
  name: N,
): EndpointRef<Api[G][N] extends Endpoint ? Api[G][N] : never> => ({ route: [group, name] });

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
 * Each endpoint group of the contract with its schemas, loaded where they are parsed (development builds
 * and the tests, `callRoute`); production calls go by `api-routes.ts` and download none of them.
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
          member = (input, options) => callRoute(group, name, input, options);
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
