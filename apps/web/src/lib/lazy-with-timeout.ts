import { type ComponentType, lazy } from 'react';
import { CHUNK_TIMEOUT_MS } from '../config/app-config';

/**
 * The error of a lazily loaded screen that did not arrive, worded as webpack words it
 * : `Loading chunk {n} failed.` and, in brackets, `missing`, `timeout` or the event type.
 */
export class ChunkLoadError extends Error {
  readonly chunk: string;
  readonly type: string;

  constructor(chunk: string, type: string, detail: string) {
    super(`Loading chunk ${chunk} failed.\n(${type}: ${detail})`);
    this.name = 'ChunkLoadError';
    this.chunk = chunk;
    this.type = type;
  }
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError => error instanceof ChunkLoadError;

/** Browsers word a failed `import()` differently; all of them name the URL. */
const FAILED_IMPORT =
  /(?:dynamically imported module|importing a module script failed|error loading dynamically imported module)[:\s]*(\S+)?/i;

const toChunkLoadError = (chunk: string, error: unknown): ChunkLoadError => {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const match = FAILED_IMPORT.exec(message);
  if (match) return new ChunkLoadError(chunk, 'missing', match[1] ?? chunk);
  const type = error instanceof Event ? error.type : error instanceof Error ? error.name : 'error';
  return new ChunkLoadError(chunk, type, message);
};

/**
 * Wraps a dynamic import: if the module has not arrived within `timeoutMs` (120 s), or
 * the import fails, the promise rejects with a ChunkLoadError. Each call starts a fresh import,
 * which is what a retry needs.
 */
export const importWithTimeout = <T>(
  chunk: string,
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout', chunk)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkLoadError(chunk, error));
      },
    );
  });

/**
 * React.lazy over `importWithTimeout` that can start over. React.lazy keeps its first answer, a failure
 * included, so after a failed download `renew()` gives `Component` a fresh one that downloads again on its
 * next render (the dialogs of `components/on-first-open.tsx`).
 */
export const renewableLazy = <P extends object>(chunk: string, load: () => Promise<ComponentType<P>>) => {
  const create = () => lazy(async () => ({ default: await importWithTimeout(chunk, load) }));
  const lazyComponent = {
    Component: create(),
    renew: () => {
      lazyComponent.Component = create();
    },
  };
  return lazyComponent;
};
