import type { ImportState } from '@pult/contract';
import { expect } from 'vitest';
import type { TestAppOptions } from '../helpers/test-app';
import { type PromoFixture, promoFixture } from '../promo-codes/promo-fixture';

export type Role = 'admin' | 'editor' | 'user';

/** A multipart body as a browser sends it: text fields first, then the file. */
export function importBody(file: Buffer, fileName: string, fields: Record<string, string> = {}) {
  const boundary = `----pult${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface ImportFixture extends PromoFixture {
  /** POST /api/imports with the options as multipart fields; the raw answer. */
  send(role: Role, file: Buffer, fields: Record<string, string>, fileName?: string): ReturnType<PromoFixture['call']>;
  /** Uploads, waits for the job, and answers the import's state. */
  run(file: Buffer, fields: Record<string, string>, role?: Role): Promise<ImportState>;
  state(id: number, role?: Role): Promise<ImportState>;
}

export async function importFixture(options: TestAppOptions = {}): Promise<ImportFixture> {
  const f = await promoFixture(options);
  const send: ImportFixture['send'] = (role, file, fields, fileName = 'file.csv') => {
    const body = importBody(file, fileName, fields);
    return f.t.app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: body.payload,
      headers: { ...body.headers, 'api-token': f.tokens[role] },
    });
  };
  const state: ImportFixture['state'] = async (id, role = 'admin') => {
    const response = await f.call('GET', `/api/imports/${id}`, undefined, role);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const run: ImportFixture['run'] = async (file, fields, role = 'admin') => {
    const response = await send(role, file, fields);
    expect(response.statusCode, response.body).toBe(202);
    await f.t.app.jobs.idle();
    return state(response.json().id, role);
  };
  return { ...f, send, run, state };
}
