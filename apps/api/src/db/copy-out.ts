import { pipeline, type Readable, Transform, type TransformCallback } from 'node:stream';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Db } from './client';

/** The pg pool under Drizzle on PostgreSQL (Drizzle's documented `$client`); undefined on PGlite. */
export function pgPoolOf(db: Db): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

const dialect = new PgDialect();

/**
 * A query with its parameters written in as literals. COPY runs over the simple query protocol,
 * which has no parameters; each value is escaped by the driver's own `escapeLiteral`, so a filter's
 * text stays text. Only the kinds of values our filters produce are accepted.
 */
export function inlineParams(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new Error(`inlineParams: cannot write a ${typeof value} as a literal`);
}

/**
 * Streams one text column of `query` straight from PostgreSQL (`COPY … TO STDOUT`, binary format, so
 * the text arrives unescaped): the values back to back, no row objects in between; `prefix` (a file's
 * header) goes out first. The pool's client is released when the copy ends; if the reader goes away
 * first (a download aborted) the stream is destroyed and the connection closed, not returned mid-COPY,
 * so the pool is never left short.
 */
export async function copyColumnOut(pool: pg.Pool, query: SQL, prefix?: Buffer): Promise<Readable> {
  const text = `COPY (${inlineParams(query)}) TO STDOUT (FORMAT binary)`;
  const client = await pool.connect();
  const copy = client.query(copyTo(text));
  const values = new BinaryColumnValues();
  if (prefix) values.push(prefix);
  pipeline(copy, values, (error) => {
    // A finished COPY leaves the connection clean; an interrupted one does not: end it.
    client.release(error ?? undefined);
  });
  return values;
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * Turns PostgreSQL's binary COPY of ONE column into that column's bytes, back to back. The format:
 * an 11-byte signature, a 32-bit flags field and a 32-bit header-extension length (+ extension);
 * then per row a 16-bit field count (-1 ends the data) and per field a 32-bit length and its bytes.
 */
export class BinaryColumnValues extends Transform {
  private carry: Buffer = Buffer.alloc(0);
  private state: 'header' | 'row' | 'value' | 'end' = 'header';
  private valueLeft = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = Buffer.alloc(0);
    const out: Buffer[] = [];
    let at = 0;
    try {
      while (at < data.length && this.state !== 'end') {
        if (this.state === 'value') {
          const n = Math.min(this.valueLeft, data.length - at);
          out.push(data.subarray(at, at + n));
          at += n;
          this.valueLeft -= n;
          if (this.valueLeft === 0) this.state = 'row';
        } else if (this.state === 'row') {
          if (data.length - at < 2) break;
          const fields = data.readInt16BE(at);
          if (fields === -1) {
            this.state = 'end';
            at += 2;
            break;
          }
          if (fields !== 1) throw new Error(`binary COPY: expected one column, got ${fields}`);
          if (data.length - at < 6) break;
          const length = data.readInt32BE(at + 2);
          at += 6;
          // A null value writes nothing (the export's lines are never null).
          if (length > 0) {
            this.valueLeft = length;
            this.state = 'value';
          }
        } else {
          if (data.length - at < 19) break;
          if (!data.subarray(at, at + 11).equals(SIGNATURE)) throw new Error('binary COPY: bad signature');
          const extension = data.readUInt32BE(at + 15);
          if (data.length - at < 19 + extension) break;
          at += 19 + extension;
          this.state = 'row';
        }
      }
    } catch (error) {
      done(error as Error);
      return;
    }
    if (at < data.length && this.state !== 'end') this.carry = Buffer.from(data.subarray(at));
    if (out.length === 1) this.push(out[0]);
    else if (out.length > 1) this.push(Buffer.concat(out));
    done();
  }

  override _flush(done: TransformCallback): void {
    done(this.state === 'end' ? null : new Error('binary COPY: the data ended early'));
  }
}
