import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is a database inside one process: a second process opening the same folder would corrupt
 * it. A lock file with the owner's pid keeps the folder to one process at a time; a file left by a
 * process that died is taken over. Returns the release function.
 */
export function lockPgliteFolder(dir: string): () => void {
  const file = join(dir, 'pult.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && alive(owner))
        throw new Error(
          `The embedded database in ${dir} is in use by process ${owner}. PGlite serves one process: ` +
            'stop that one, or set DATABASE_URL to a PostgreSQL server to run several API processes.',
        );
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database folder ${dir}`);
}
