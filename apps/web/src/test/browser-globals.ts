/**
 * In the `node` test environment, modules that keep state in the browser (the session store reads
 * `window.localStorage` and listens to `storage` events when imported) still need a `window` to load.
 * This gives them the least of one: Web Storage in memory and an event target. Files that render use jsdom
 * instead (`// @vitest-environment jsdom`), where the real objects exist and this does nothing.
 */
class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>();
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value));
  }
}

export function installBrowserGlobals() {
  if (typeof window !== 'undefined') return;
  const events = new EventTarget();
  Object.assign(globalThis, {
    window: globalThis,
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
  });
}
