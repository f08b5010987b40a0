import { allEndpoints } from '@pult/contract';
import { z } from 'zod';
import type { JsonSchema } from './request-arbitraries';

type AnyZod = z.ZodType & { _zod: { def: { type: string; innerType?: AnyZod; in?: AnyZod; out?: AnyZod } } };

/** Looks through optional, default and nullable to the schema that does the work. */
function core(schema: AnyZod): AnyZod {
  let current = schema;
  while (current._zod.def.innerType && ['optional', 'default', 'nullable', 'prefault'].includes(current._zod.def.type))
    current = current._zod.def.innerType;
  return current;
}

/**
 * The query parameters that carry JSON (`?where={"email":"a"}`), per operationId, with the JSON
 * schema of what the JSON must be. The OpenAPI document sees only a string there, so a fuzzer that
 * reads it alone never puts a value inside the JSON: this reads the contract, where such a parameter
 * is text parsed and then piped into an object schema.
 */
export function jsonQueryParams(): Map<string, Record<string, JsonSchema>> {
  const found = new Map<string, Record<string, JsonSchema>>();
  for (const endpoint of allEndpoints()) {
    const query = endpoint.query as AnyZod | undefined;
    if (!(query instanceof z.ZodObject)) continue;
    const params: Record<string, JsonSchema> = {};
    for (const [name, schema] of Object.entries(query.shape)) {
      const inner = core(schema as AnyZod);
      let out = inner._zod.def.type === 'pipe' ? inner._zod.def.out : undefined;
      // An object read into another shape (`userWhere` → the users-list filter) is fuzzed as the object.
      if (out && !(out instanceof z.ZodObject) && out._zod.def.type === 'pipe') out = out._zod.def.in;
      if (out instanceof z.ZodObject)
        params[name] = z.toJSONSchema(out, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    }
    if (Object.keys(params).length > 0) found.set(endpoint.operationId, params);
  }
  return found;
}
