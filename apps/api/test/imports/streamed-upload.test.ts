import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES } from '../../src/modules/imports/upload/read-import-upload';
import { type ImportFixture, importBody, importFixture } from './import-fixture';

// The uploads go to the local storage under this folder, so a test can see every file left there,
// the half-written ones (`*.tmp`) included.
const dataDir = mkdtempSync(join(tmpdir(), 'pult-import-stream-'));
const filesLeft = () => {
  try {
    return readdirSync(join(dataDir, 'files'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

let f: ImportFixture;
let seriesId = 0;
beforeAll(async () => {
  f = await importFixture({ extraEnv: { DATA_DIR: dataDir } });
  seriesId = (await f.createSeries({ name: 'Поток', codesCount: 1 })).id;
});
afterAll(() => f.t.close());

const XLSX = readFileSync(new URL('./fixtures/users.xlsx', import.meta.url));

/**
 * The fixture's workbook with a stored 100 kB part put before its own parts, so that its first 64 kB
 * name no workbook part: a local header and its data go first, every local header's offset in the
 * central directory moves by their size, and the directory gets the new part's entry. With
 * `renamed`, the names of the workbook's `xl/` parts are spoiled (same length), so it is a ZIP but no
 * workbook.
 */
function workbookNamedLate(renamed = false): Buffer {
  const zip = Buffer.from(XLSX);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryAt = zip.readUInt32LE(end + 16);
  const name = Buffer.from('docProps/filler.bin');
  const data = Buffer.alloc(100 * 1024);
  for (let at = 0; at < data.length; at++) data[at] = (at * 7919) % 251;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc32(data), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const shift = local.length + name.length + data.length;
  const directory = Buffer.from(zip.subarray(directoryAt, directoryAt + directorySize));
  for (let at = 0; at < directory.length; ) {
    directory.writeUInt32LE(directory.readUInt32LE(at + 42) + shift, at + 42);
    at += 46 + directory.readUInt16LE(at + 28) + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
  }
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc32(data), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const tail = Buffer.from(zip.subarray(end));
  tail.writeUInt16LE(entries + 1, 8);
  tail.writeUInt16LE(entries + 1, 10);
  tail.writeUInt32LE(directorySize + central.length + name.length, 12);
  tail.writeUInt32LE(directoryAt + shift, 16);
  const out = Buffer.concat([local, name, data, zip.subarray(0, directoryAt), directory, central, name, tail]);
  if (renamed) for (let at = out.indexOf('xl/'); at >= 0; at = out.indexOf('xl/', at + 1)) out.write('zz/', at);
  return out;
}

/** POST /api/imports with the body sent in 16 kB pieces, as a network delivers it: the server sees many chunks. */
async function sendInPieces(
  role: 'admin' | 'editor',
  file: Buffer,
  fields: Record<string, string>,
  fileName = 'file.csv',
) {
  const body = importBody(file, fileName, fields);
  const pieces = function* () {
    for (let at = 0; at < body.payload.length; at += 16 * 1024) yield body.payload.subarray(at, at + 16 * 1024);
  };
  return f.t.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: Readable.from(pieces()),
    headers: { ...body.headers, 'api-token': f.tokens[role] },
  });
}

describe('the upload, streamed into the storage', () => {
  it('a file larger than 64 MB is refused (413) when its limit is passed, and leaves no file, not even half of one', async () => {
    const line = Buffer.from('SUMMER-2027-AAAA\n');
    const big = Buffer.alloc(MAX_IMPORT_BYTES + 1024 * 1024);
    for (let at = 0; at < big.length; at += line.length) line.copy(big, at);
    const response = await sendInPieces('editor', big, { kind: 'promo-codes', seriesId: String(seriesId) });
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toMatchObject({ code: 'FILE_TOO_LARGE', errors: { file: 'too_large' } });
    expect(filesLeft()).toEqual([]);
  }, 120_000);

  it('what is not a CSV or XLSX by its first bytes is refused (415) before anything is stored', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(200 * 1024, 1)]);
    const response = await f.send('editor', png, { kind: 'promo-codes', seriesId: String(seriesId) }, 'codes.csv');
    expect(response.statusCode).toBe(415);
    expect(filesLeft()).toEqual([]);
  });

  it('refused options store nothing: an editor importing users (403), an unknown series (404)', async () => {
    const csv = Buffer.from('email\nanna@example.ru\n');
    expect((await f.send('editor', csv, { kind: 'users' })).statusCode).toBe(403);
    expect((await f.send('editor', csv, { kind: 'promo-codes', seriesId: '999999' })).statusCode).toBe(404);
    expect(filesLeft()).toEqual([]);
  });

  it('a workbook whose start names no workbook part is taken once its later bytes do; a ZIP that never does is refused with no file', async () => {
    const late = workbookNamedLate();
    expect(late.subarray(0, 64 * 1024).includes('xl/')).toBe(false);
    const response = await sendInPieces('admin', late, { kind: 'users', dryRun: 'true' }, 'users.xlsx');
    expect(response.statusCode, response.body).toBe(202);
    await f.t.app.jobs.idle();
    const state = await f.state(response.json().id, 'admin');
    expect(state).toMatchObject({ status: 'done', format: 'xlsx', total: 3, valid: 2, invalid: 1 });

    const notWorkbook = await sendInPieces('admin', workbookNamedLate(true), { kind: 'users' }, 'users.xlsx');
    expect(notWorkbook.statusCode, notWorkbook.body).toBe(415);
    expect(filesLeft()).toEqual([]);
  });
});
