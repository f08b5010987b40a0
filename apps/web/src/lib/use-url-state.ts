import { useCallback, useMemo, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';
import { readUrl, type UrlSchema, type UrlValues, writeUrl } from './url-params';

export type UrlChange<S extends UrlSchema> = Partial<UrlValues<S>> | ((current: UrlValues<S>) => Partial<UrlValues<S>>);

/**
 * The screen's state as its URL keeps it, and a setter that merges a change into it. Changes merge
 * into the URL as it is now, not as this render saw it: router updates run in a transition, so a
 * quick second change (pick a field, then type) must not undo the first. The setter keeps its
 * identity, so effects that call it do not re-run for nothing.
 */
export const useUrlState = <S extends UrlSchema>(schema: S, options?: NavigateOptions) => {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => readUrl(schema, params), [schema, params]);
  const latest = useRef({ seen: params, params, setParams, options });
  if (latest.current.seen !== params) latest.current = { ...latest.current, seen: params, params };
  latest.current.setParams = setParams;
  latest.current.options = options;

  const update = useCallback(
    (change: UrlChange<S>) => {
      const base = latest.current.params;
      const current = readUrl(schema, base);
      const patch = typeof change === 'function' ? change(current) : change;
      const next = writeUrl(schema, { ...current, ...patch }, base);
      latest.current.params = next;
      latest.current.setParams(next, latest.current.options);
    },
    [schema],
  );
  return [values, update] as const;
};
