import fc from 'fast-check';

/** What the OpenAPI document says about one operation, as far as the fuzzer needs it. */
export interface Operation {
  method: string;
  /** `/api/users/{id}` */
  path: string;
  pathParams: [string, JsonSchema][];
  query: Record<string, JsonSchema>;
  /** Query parameters that carry JSON (`where`), with the schema of that JSON (from the contract). */
  jsonQuery: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
  multipart: boolean;
  /** The statuses the document lists for it. */
  documented: number[];
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Strings an attacker or a broken client sends: NUL, lone surrogates, huge, odd numbers, injections. */
export const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '💥🧨',
    "'; drop table users; --",
    '../../etc/passwd',
    '%00',
    '<script>alert(1)</script>',
    '=cmd|calc!A0',
    '-1',
    '0',
    '2147483648',
    '99999999999999999999',
    '1e309',
    'NaN',
    'null',
    'true',
    '{"email":"a"}',
    '[]',
    'admin:asc',
    'x'.repeat(5000),
  ),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, 1, 2_147_483_647, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e21, -1e21, 0.5),
  fc.double(),
);

const anything = () =>
  fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null), fc.anything({ maxDepth: 2 }));

/** Text that fits the declared length and format but carries what the database cannot store. */
const unstorableText = (min: number, max: number) =>
  fc
    .constantFrom('a\u0000b', '\u0000', 'x\ud800', '\udfffz', 'ok\u0000ok')
    .map((text) => text.padEnd(min, 'a'))
    .filter((text) => text.length <= max);

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, 5000);
  if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom('a\u0000@b.ru', 'x\ud800@mail.ru'));
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length >= min && text.length <= max);
    } catch {
      // A pattern JavaScript cannot compile: fall through to plain text.
    }
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    { weight: 1, arbitrary: unstorableText(min, max) },
  );
}

/** A value that fits the schema, as far as the fuzzer can tell: it gets past validation to the rules and the database. */
export function validFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.string();
  if (schema.const !== undefined) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((variant) => validFor(variant, depth + 1)));
  if (schema.allOf?.[0]) return validFor(schema.allOf[0], depth + 1);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      return fc.record(Object.fromEntries(properties.map(([name, child]) => [name, validFor(child, depth + 1)])), {
        requiredKeys: (schema.required ?? []).filter((name) => schema.properties?.[name]),
      });
    }
    case 'array':
      return fc.array(validFor(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'integer':
      return fc.oneof(
        fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000 }),
        fc.constantFrom(schema.maximum ?? 2_147_483_647),
      );
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e12, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return validString(schema);
  }
}

/** A valid value with one part broken, or something else altogether. */
export function valueFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const valid = validFor(schema);
  const broken = fc.tuple(valid, fc.nat(), anything()).map(([value, index, replacement]) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return replacement;
    const keys = Object.keys(value);
    const key = keys.length > 0 && index % 3 !== 0 ? keys[index % keys.length] : `extra${index % 5}`;
    return key === undefined ? value : { ...value, [key]: replacement };
  });
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 3, arbitrary: broken },
    { weight: 1, arbitrary: anything() },
  );
}

/** A query or path value as text: what a URL can carry. */
export const textFor = (schema: JsonSchema | undefined) =>
  valueFor(schema).map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')));

export type Caller = 'admin' | 'editor' | 'user' | 'anonymous' | 'forged';

export interface FuzzRequest {
  caller: Caller;
  params: Record<string, string>;
  query: Partial<Record<string, string>>;
  /** The raw payload and its content type (or none). */
  payload: string | Buffer | undefined;
  contentType: string | undefined;
  forwardedFor: string | undefined;
}

const contentTypes = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----x',
  'application/octet-stream',
  undefined,
);

const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  'nul',
  '[1,2',
  '\u0000',
  '{"__proto__":{"x":1}}',
  '"\\ud800"',
  '1e99999',
);

export function requestFor(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const params = fc.record(
    Object.fromEntries(operation.pathParams.map((name) => [name, textFor({ type: 'integer' })])),
  );
  // A JSON parameter gets JSON more often than not, so the values inside it (NUL and lone surrogates
  // among them, escaped as JSON escapes them) reach the parsed filter, not only the JSON parser.
  const queryValue = (name: string, schema: JsonSchema) => {
    const inner = operation.jsonQuery[name];
    if (!inner) return textFor(schema);
    const json = valueFor(inner).map((value) => JSON.stringify(value) ?? '');
    return fc.oneof({ weight: 3, arbitrary: json }, { weight: 1, arbitrary: textFor(schema) });
  };
  const query = fc.record(
    Object.fromEntries(Object.entries(operation.query).map(([name, schema]) => [name, queryValue(name, schema)])),
    { requiredKeys: [] },
  );
  const jsonBody = valueFor(operation.body).map((value) => JSON.stringify(value) ?? 'null');
  const multipartBody = fc
    .tuple(fc.uint8Array({ maxLength: 64 }), hostileString)
    .map(([bytes, field]) =>
      Buffer.concat([
        Buffer.from(
          `------x\r\nContent-Disposition: form-data; name="${field.replace(/["\r\n]/g, '')}"; filename="a.png"\r\n\r\n`,
        ),
        Buffer.from(bytes),
        Buffer.from('\r\n------x--\r\n'),
      ]),
    );
  const payload = fc.oneof(
    { weight: 6, arbitrary: jsonBody },
    { weight: 1, arbitrary: malformedJson },
    { weight: operation.multipart ? 3 : 1, arbitrary: multipartBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc.record({
    caller: fc.constantFrom<Caller>('admin', 'admin', 'editor', 'user', 'anonymous', 'forged'),
    params,
    query,
    payload,
    contentType: contentTypes,
    forwardedFor: fc.option(
      fc.oneof(hostileString, fc.constantFrom('garbage', '999.1.1.1', '::1', '10.0.0.1, 1.2.3.4')),
      {
        nil: undefined,
      },
    ),
  });
}
