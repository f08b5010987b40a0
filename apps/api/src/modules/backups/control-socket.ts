import { createHash } from 'node:crypto';
import { chmodSync, createWriteStream, rmSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackupError, backupErrorText } from './backup-error';
import { type BackupDeps, runBackup } from './backup-runner';

/**
 * Where the server that owns an embedded folder answers `npm run backup` (docs/decisions/0034):
 * beside the folder's lock file, or, when that path is too long for a Unix socket (about 100
 * bytes), in the temporary folder under a name made from the folder's path.
 */
export function controlSocketPath(pgliteDir: string): string {
  const beside = join(pgliteDir, 'pult-control.sock');
  if (Buffer.byteLength(beside) <= 100) return beside;
  return join(tmpdir(), `pult-${createHash('sha256').update(pgliteDir).digest('hex').slice(0, 16)}.sock`);
}

interface ControlRequest {
  command: 'backup';
  /** The name the command writes the archive to, for the backup's record. */
  file?: string;
}

/** Reads one JSON line (at most 4 kB) from the socket; the rest of the stream stays unread. */
function firstLine(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end >= 0 || text.length > 4096) {
        socket.off('data', onData);
        socket.pause();
        if (end < 0) reject(new Error('request line too long'));
        else resolve(text.slice(0, end));
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('end', () => reject(new Error('no request')));
  });
}

/**
 * The server's side: only the owner of the folder may connect (the socket file is 0600 in a folder
 * that is the owner's already), and only asks for a backup, which streams back: one JSON line
 * `{"ok":true}` and the archive's bytes, or `{"ok":false,"message"}`. A backup that fails half-way
 * closes the connection early; the command sees an archive without its manifest and says so.
 */
export async function serveControlSocket(deps: BackupDeps, pgliteDir: string): Promise<() => Promise<void>> {
  const path = controlSocketPath(pgliteDir);
  // This process holds the folder's lock: a socket file there is a dead server's.
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => {
    socket.on('error', () => undefined);
    firstLine(socket)
      .then(async (line) => {
        const request = JSON.parse(line) as ControlRequest;
        if (request.command !== 'backup') throw new BackupError(`unknown command ${String(request.command)}`);
        socket.write(`${JSON.stringify({ ok: true })}\n`);
        socket.resume();
        const file = typeof request.file === 'string' ? request.file : null;
        await runBackup(deps, { open: async () => socket, file, tempDir: deps.env.dataDir }, 'command');
      })
      .catch((error: unknown) => {
        deps.log.warn({ err: backupErrorText(error) }, 'a backup asked for through the control socket failed');
        if (socket.writable && socket.bytesWritten === 0)
          socket.end(`${JSON.stringify({ ok: false, message: backupErrorText(error) })}\n`);
        else socket.destroy();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  chmodSync(path, 0o600);
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(path, { force: true });
    });
}

/**
 * The command's side: asks the server that holds the embedded folder for a backup and writes it to
 * `file` (through `<file>.partial`, renamed when the stream ended). Answers the bytes written.
 */
export function requestBackup(pgliteDir: string, file: string, name: string): Promise<number> {
  const partial = `${file}.partial`;
  return new Promise<number>((resolve, reject) => {
    const socket = createConnection(controlSocketPath(pgliteDir));
    const out = createWriteStream(partial, { mode: 0o600 });
    let header = '';
    let accepted = false;
    let failed: Error | undefined;
    const fail = (error: Error) => {
      failed ??= error;
      socket.destroy();
      out.destroy();
    };
    socket.once('connect', () => socket.write(`${JSON.stringify({ command: 'backup', file: name })}\n`));
    socket.on('data', (chunk: Buffer) => {
      if (accepted) {
        if (!out.write(chunk)) {
          socket.pause();
          out.once('drain', () => socket.resume());
        }
        return;
      }
      header += chunk.toString('latin1');
      const end = header.indexOf('\n');
      if (end < 0) return;
      const answer = JSON.parse(Buffer.from(header.slice(0, end), 'latin1').toString('utf8')) as {
        ok: boolean;
        message?: string;
      };
      if (!answer.ok)
        return fail(new BackupError(`The server refused the backup: ${answer.message ?? 'no reason given'}`));
      accepted = true;
      const rest = Buffer.from(header.slice(end + 1), 'latin1');
      if (rest.length > 0) out.write(rest);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      const unanswered = error.code === 'ENOENT' || error.code === 'ECONNREFUSED';
      fail(
        unanswered
          ? new BackupError(
              `The server holding ${pgliteDir} does not answer on ${controlSocketPath(pgliteDir)}: a Pult from before backups? Stop it and run the backup again (the command then copies the folder itself).`,
            )
          : error,
      );
    });
    socket.once('close', () => {
      if (failed || !accepted) {
        out.destroy();
        return reject(failed ?? new BackupError('The server closed the connection without an answer.'));
      }
      out.end(() => resolve(out.bytesWritten));
    });
  }).then(
    async (bytes) => {
      await rename(partial, file);
      return bytes;
    },
    async (error: unknown) => {
      await rm(partial, { force: true });
      throw error;
    },
  );
}
