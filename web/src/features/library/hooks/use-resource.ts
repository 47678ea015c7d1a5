import { startTransition, useEffect, useState } from 'react';
import { useInitialData } from '../../../lib/initial-data';

export type Resource<T> = { status: 'loading'; data: null; error: null } | { status: 'ready'; data: T; error: null } | { status: 'error'; data: null; error: unknown };

/**
 * Loads something for the screen and reloads it when `key` changes; a late answer for an old key
 * is dropped (the signal aborts it). `retry` loads again after a failure. Data the server rendered
 * the page with (see lib/initial-data) is used for the first render of its key instead of a load.
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> & { retry: () => void } {
  const initialData = useInitialData();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string | null; attempt: number; resource: Resource<T> }>(() => ({ key, attempt, resource: initialResource<T>(initialData, key) }));
  // A new key starts from loading at once (adjusted during render, not in an effect).
  if (state.key !== key || state.attempt !== attempt) setState({ key, attempt, resource: initialResource<T>(initialData, key) });

  useEffect(() => {
    if (key === null) return;
    if (initialData.has(key)) {
      // Rendered with the server's data: nothing to load now, and a later visit loads afresh.
      initialData.delete(key);
      return;
    }
    const controller = new AbortController();
    // What arrives renders as a transition: in slices, so a long list never blocks input.
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) startTransition(() => setState({ key, attempt, resource: { status: 'ready', data, error: null } }));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) startTransition(() => setState({ key, attempt, resource: { status: 'error', data: null, error } }));
      },
    );
    return () => controller.abort();
    // `load` is read fresh for each key; callers pass inline functions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const resource = state.key === key && state.attempt === attempt ? state.resource : ({ status: 'loading', data: null, error: null } as const);
  return { ...resource, retry: () => setAttempt((n) => n + 1) };
}

function initialResource<T>(initialData: Map<string, unknown>, key: string | null): Resource<T> {
  if (key !== null && initialData.has(key)) return { status: 'ready', data: initialData.get(key) as T, error: null };
  return { status: 'loading', data: null, error: null };
}
