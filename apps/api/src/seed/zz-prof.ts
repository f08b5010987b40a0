import { sql } from 'drizzle-orm';
import { openDatabase } from '/work/main/apps/api/src/db/client';
import { generateUsers, userSource } from '/work/main/apps/api/src/seed/generate-users';
const d = await openDatabase({});
const rows = [...userSource(generateUsers({ count: 5000, firstId: 1, seed: 1, now: new Date() }), 5000).rows];
let t = performance.now();
const param = (c: unknown) => (c instanceof Date ? c.toISOString() : c);
const head = `INSERT INTO users (id,email,phone_number,first_name,last_name,role,status,password_hash,created_at,updated_at,last_seen_at) VALUES `;
const q = sql`${sql.raw(head)}${sql.join(rows.map((r) => sql`(${sql.join(r.map((c) => sql`${param(c)}`), sql`, `)})`), sql`, `)}`;
console.log('build', performance.now() - t); t = performance.now();
await d.db.execute(q);
console.log('exec drizzle', performance.now() - t);
await d.db.execute(sql`truncate users cascade`);
// raw client with positional params
const client = (d.db as unknown as { $client: { query: (s: string, p: unknown[]) => Promise<unknown> } }).$client;
t = performance.now();
const params: unknown[] = []; const tuples: string[] = [];
for (const r of rows) { tuples.push(`(${r.map((c) => { params.push(param(c)); return `$${params.length}`; }).join(',')})`); }
await client.query(head + tuples.join(','), params);
console.log('exec raw', performance.now() - t);
await d.db.execute(sql`truncate users cascade`);
const { copyTextRow } = await import('/work/main/apps/api/src/seed/copy-text');
t = performance.now();
const text = rows.map((r) => copyTextRow(r)).join('');
await (client as unknown as { query: (s: string, p: unknown[], o: unknown) => Promise<unknown> }).query("COPY users (id,email,phone_number,first_name,last_name,role,status,password_hash,created_at,updated_at,last_seen_at) FROM '/dev/blob'", [], { blob: new Blob([text]) });
console.log('copy blob', performance.now() - t);
await d.close();
