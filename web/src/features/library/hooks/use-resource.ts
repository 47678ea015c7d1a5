import { useEffect, useState } from 'react';

export type Resource<T> = { status: 'loading'; data: null; error: null } | { status: 'ready'; data: T; error: null } | { status: 'error'; data: null; error: unknown };

/**
 * Loads something for the screen and reloads it when `key` changes; a late answer for an old key
 * is dropped (the signal aborts it). `retry` loads again after a failure.
 */
export function useResource<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Resource<T> & { retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string | null; attempt: number; resource: Resource<T> }>({ key, attempt, resource: { status: 'loading', data: null, error: null } });
  // A new key starts from loading at once (adjusted during render, not in an effect).
  if (state.key !== key || state.attempt !== attempt) setState({ key, attempt, resource: { status: 'loading', data: null, error: null } });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, attempt, resource: { status: 'ready', data, error: null } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ key, attempt, resource: { status: 'error', data: null, error } });
      },
    );
    return () => controller.abort();
    // `load` is read fresh for each key; callers pass inline functions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const resource = state.key === key && state.attempt === attempt ? state.resource : ({ status: 'loading', data: null, error: null } as const);
  return { ...resource, retry: () => setAttempt((n) => n + 1) };
}
