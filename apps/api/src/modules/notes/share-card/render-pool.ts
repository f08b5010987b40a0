import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../../../lib/http-errors';

export interface RenderJob {
  /** A satori element tree: plain `{ type, props }` objects, so it crosses to the worker as is. */
  tree: unknown;
  width: number;
  height: number;
}

interface Pending {
  resolve(png: Buffer): void;
  reject(error: Error): void;
}

/** Cards waiting beyond this answer 503 at once instead of piling up behind the workers. */
const MAX_QUEUE = 64;
/**
 * A drawing that runs longer is stopped. It counts from the worker taking the job, not from sending
 * it: a new worker first loads satori, sharp and the fonts, which on a loaded machine took longer than
 * the old 15 s budget alone, and those cards failed with a 500 (seen at load average 15-20).
 */
const RENDER_TIMEOUT_MS = 20_000;

const tooSlow = () => new HttpError(503, 'SERVICE_UNAVAILABLE', 'The share card took too long to draw; retry shortly');

/**
 * A few worker threads that draw cards, so a burst of renders never blocks the event loop that
 * serves every other request; jobs beyond the workers wait in a bounded queue. Workers start on the
 * first card and are unref'd, so an idle pool never keeps the process alive.
 */
export class RenderPool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly queue: Array<{ job: RenderJob; pending: Pending }> = [];
  private started = 0;
  private nextId = 0;

  constructor(private readonly size = Math.max(1, Math.min(2, availableParallelism() - 1))) {}

  render(job: RenderJob): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      if (this.queue.length >= MAX_QUEUE)
        return reject(new HttpError(503, 'SERVICE_UNAVAILABLE', 'Too many share cards are being drawn; retry shortly'));
      this.queue.push({ job, pending: { resolve, reject } });
      this.pump();
    });
  }

  /** Stops every worker; jobs still waiting fail. */
  async close(): Promise<void> {
    for (const { pending } of this.queue.splice(0)) pending.reject(new Error('render pool closed'));
    const workers = [...this.idle.splice(0), ...this.busy.keys()];
    this.busy.clear();
    this.started = 0;
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? this.spawn();
      if (!worker) return;
      const next = this.queue.shift();
      if (!next) {
        this.idle.push(worker);
        return;
      }
      this.run(worker, next.job, next.pending);
    }
  }

  private spawn(): Worker | undefined {
    if (this.started >= this.size) return undefined;
    this.started += 1;
    const worker = new Worker(new URL('./render-worker.mjs', import.meta.url));
    worker.unref();
    worker.on('error', (error) => this.retire(worker, error));
    worker.on('exit', () => this.retire(worker, new Error('render worker exited')));
    return worker;
  }

  /** A worker that failed is dropped (its job fails); the next job starts a fresh one. */
  private retire(worker: Worker, error: Error): void {
    const pending = this.busy.get(worker);
    const wasKnown = this.busy.delete(worker) || this.idle.includes(worker);
    const at = this.idle.indexOf(worker);
    if (at >= 0) this.idle.splice(at, 1);
    if (wasKnown) this.started -= 1;
    pending?.reject(error);
    this.pump();
  }

  private run(worker: Worker, job: RenderJob, pending: Pending): void {
    const id = ++this.nextId;
    this.busy.set(worker, pending);
    let timer: NodeJS.Timeout | undefined;
    const onMessage = (message: { id: number; started?: true; png?: Uint8Array; error?: string }) => {
      if (message.id !== id) return;
      if (message.started) {
        timer = setTimeout(() => {
          // The job fails as "busy, retry" (503), not as a crashed worker; the worker's exit then
          // frees its place in the pool (retire) with nothing left to reject.
          this.busy.set(worker, { resolve: () => {}, reject: () => {} });
          pending.reject(tooSlow());
          void worker.terminate();
        }, RENDER_TIMEOUT_MS);
        return;
      }
      clearTimeout(timer);
      worker.off('message', onMessage);
      this.busy.delete(worker);
      this.idle.push(worker);
      if (message.png) pending.resolve(Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength));
      else pending.reject(new Error(`share card not drawn: ${message.error ?? 'unknown error'}`));
      this.pump();
    };
    worker.on('message', onMessage);
    worker.postMessage({ id, ...job });
  }
}
