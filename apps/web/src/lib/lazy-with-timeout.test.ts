import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, importWithTimeout } from './lazy-with-timeout';

describe('importWithTimeout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves with the module when it arrives in time', async () => {
    const module = { default: 'screen' };
    await expect(importWithTimeout('users', () => Promise.resolve(module))).resolves.toBe(module);
  });

  it('rejects with a webpack-worded timeout after 120 s', async () => {
    const pending = importWithTimeout('users', () => new Promise<never>(() => {}));
    const caught = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void pending.catch(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await caught;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).message).toBe('Loading chunk users failed.\n(timeout: users)');
    expect((error as ChunkLoadError).type).toBe('timeout');
  });

  it('reports a failed fetch as missing, with the URL', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module: http://x/assets/users-abc.js');
    const error = await importWithTimeout('users', () => Promise.reject(failure)).catch((e: unknown) => e);
    expect((error as Error).message).toBe('Loading chunk users failed.\n(missing: http://x/assets/users-abc.js)');
  });

  it('reports an error event by its type', async () => {
    const error = await importWithTimeout('notes', () => Promise.reject(new Event('abort'))).catch((e: unknown) => e);
    expect((error as Error).message).toBe('Loading chunk notes failed.\n(abort: [object Event])');
  });

  it('clears its timer once the module arrived, so nothing fires later', async () => {
    await importWithTimeout('home', () => Promise.resolve({}));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts a fresh import on every call, which is what a retry needs', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: u'))
      .mockResolvedValue({ ok: true });
    await expect(importWithTimeout('x', load)).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(importWithTimeout('x', load)).resolves.toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
