import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { BackupError } from './backup-error';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, MANIFEST_NAME, type Manifest, manifest } from './manifest';

/** One member as it is read: its path and type, and its bytes (which the visitor must consume or skip). */
export interface ArchiveEntry {
  path: string;
  type: 'file' | 'directory';
  size: number;
  body: AsyncIterable<Buffer>;
}

/** A member's path may not leave the folder it is extracted into, nor name anything strange. */
export function assertSafeMemberPath(path: string): void {
  const segments = path.replace(/\/$/, '').split('/');
  const bad =
    path.startsWith('/') ||
    path.includes('\\') ||
    path.includes('\0') ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..');
  if (bad) throw new BackupError(`The archive holds a member with an unsafe path (${JSON.stringify(path)}); refused.`);
}

const gzipped = async (file: string) => {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    await handle.read(head, 0, 2, 0);
    return head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
};

/**
 * Reads the archive member by member, each hashed (SHA-256) as it goes by. The visitor sees each
 * member's bytes once; what it leaves unread is skipped. Damage (a gzip or tar error, a cut) throws
 * a BackupError that says the archive is damaged.
 */
export async function scanArchive(
  file: string,
  visit: (entry: ArchiveEntry) => Promise<void>,
): Promise<Map<string, { size: number; sha256: string }>> {
  const hashes = new Map<string, { size: number; sha256: string }>();
  const source: Readable = createReadStream(file);
  const extract = tar.extract();
  const feeding = (await gzipped(file)) ? pipeline(source, createGunzip(), extract) : pipeline(source, extract);
  feeding.catch(() => undefined);
  try {
    for await (const entry of extract) {
      const path = entry.header.name;
      const type = entry.header.type === 'directory' ? 'directory' : 'file';
      if (entry.header.type !== 'file' && type === 'file')
        throw new BackupError(`The archive holds ${path} of type ${entry.header.type}, which a Pult backup never has.`);
      assertSafeMemberPath(path);
      const hash = createHash('sha256');
      let size = 0;
      const body = (async function* () {
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
      })();
      await visit({ path, type, size: entry.header.size ?? 0, body });
      // Whatever the visitor left unread still counts towards the member's checksum.
      for await (const _ of body);
      if (type === 'file') hashes.set(path, { size, sha256: hash.digest('hex') });
    }
    await feeding;
  } catch (error) {
    source.destroy();
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `The archive ${file} is damaged or cut short (${(error as Error).message}); nothing was changed.`,
    );
  }
  return hashes;
}

/** Parses and checks the manifest's text: a Pult archive of a format this code reads. */
function readManifest(text: string | undefined, file: string): Manifest {
  if (text === undefined)
    throw new BackupError(
      `The archive ${file} has no ${MANIFEST_NAME}: it was cut short, or it is not a Pult backup. Nothing was changed.`,
    );
  let parsed: Manifest;
  try {
    parsed = manifest.parse(JSON.parse(text));
  } catch {
    throw new BackupError(`The archive ${file} has an unreadable ${MANIFEST_NAME}; nothing was changed.`);
  }
  if (parsed.format !== ARCHIVE_FORMAT || parsed.formatVersion > ARCHIVE_FORMAT_VERSION)
    throw new BackupError(
      `The archive ${file} is of format ${parsed.format} ${parsed.formatVersion}; this Pult reads ${ARCHIVE_FORMAT} up to ${ARCHIVE_FORMAT_VERSION}.`,
    );
  return parsed;
}

/**
 * Reads the whole archive once and checks it against its manifest: every member there with its size
 * and SHA-256, nothing more, nothing less. Answers the manifest; throws a BackupError on any damage.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  let manifestText: string | undefined;
  const directories: string[] = [];
  const hashes = await scanArchive(file, async (entry) => {
    if (entry.type === 'directory') directories.push(entry.path.replace(/\/$/, ''));
    else if (entry.path === MANIFEST_NAME) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      manifestText = Buffer.concat(chunks).toString('utf8');
    }
  });
  const checked = readManifest(manifestText, file);
  hashes.delete(MANIFEST_NAME);
  const damaged = (why: string) => new BackupError(`The archive ${file} is damaged: ${why}. Nothing was changed.`);
  for (const member of checked.members) {
    const found = hashes.get(member.path);
    if (!found) throw damaged(`${member.path} is missing`);
    if (found.size !== member.size || found.sha256 !== member.sha256)
      throw damaged(`${member.path} does not match its SHA-256 checksum`);
    hashes.delete(member.path);
  }
  const extra = [...hashes.keys()];
  if (extra.length > 0) throw damaged(`${extra[0]} is not in its manifest`);
  const expectedDirectories = new Set(checked.directories.map((path) => path.replace(/\/$/, '')));
  if (directories.length !== expectedDirectories.size || directories.some((path) => !expectedDirectories.has(path)))
    throw damaged('its folders differ from its manifest');
  return checked;
}
