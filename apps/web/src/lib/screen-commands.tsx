import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/** A screen's main action, offered by the command palette while the screen is open. */
export interface ScreenCommand {
  /** Stable and unique, e.g. `users.create`. */
  id: string;
  /** Already translated: the screen knows its own words. */
  label: string;
  icon?: ReactNode;
  run: () => void;
}

/** The commands of the mounted screens, in mount order; a screen's own come first in the palette. */
export interface ScreenCommandStore {
  list(): readonly ScreenCommand[];
  add(commands: readonly ScreenCommand[]): () => void;
  subscribe(listener: () => void): () => void;
}

export const createScreenCommandStore = (): ScreenCommandStore => {
  const owners = new Map<symbol, readonly ScreenCommand[]>();
  const listeners = new Set<() => void>();
  // One array per change, so useSyncExternalStore sees the same snapshot until something changes.
  let snapshot: readonly ScreenCommand[] = [];
  const changed = () => {
    snapshot = [...owners.values()].flat();
    for (const listener of listeners) listener();
  };
  return {
    list: () => snapshot,
    add(commands) {
      const owner = Symbol('screen');
      owners.set(owner, commands);
      changed();
      return () => {
        owners.delete(owner);
        changed();
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

const ScreenCommandsContext = createContext<ScreenCommandStore | null>(null);

/** Mounted once in the app shell: screens publish into it, the palette reads from it. */
export const ScreenCommandsProvider = ({ children }: { children: ReactNode }) => {
  const [store] = useState(createScreenCommandStore);
  return <ScreenCommandsContext.Provider value={store}>{children}</ScreenCommandsContext.Provider>;
};

const NO_COMMANDS: readonly ScreenCommand[] = [];
const noop = () => () => {};

/** What the mounted screens offer now. */
export const useRegisteredCommands = (): readonly ScreenCommand[] => {
  const store = useContext(ScreenCommandsContext);
  return useSyncExternalStore(store?.subscribe ?? noop, store?.list ?? (() => NO_COMMANDS));
};

/**
 * Publishes a screen's main actions for as long as it is mounted. Pass only what the signed-in role
 * may do. Re-registers when the ids or labels change (a language switch); `run` always calls the
 * latest closure, so callers need not memoise anything. Outside the shell (a unit test) it does nothing.
 */
export const useScreenCommands = (commands: readonly ScreenCommand[]) => {
  const store = useContext(ScreenCommandsContext);
  const latest = useRef(commands);
  useLayoutEffect(() => {
    latest.current = commands;
  });
  const signature = commands.map((command) => `${command.id}\u0000${command.label}`).join('\u0001');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the commands; run goes through `latest`
  useEffect(() => {
    if (!store) return;
    return store.add(
      latest.current.map((command) => ({
        ...command,
        run: () => latest.current.find((current) => current.id === command.id)?.run(),
      })),
    );
  }, [store, signature]);
};
