import { useEffect, useState } from 'react';

export type AsyncState<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; value: T };

/**
 * Runs `load` whenever `key` changes and answers its state; a newer key cancels the older call, and
 * `retry` runs the same key again. The state is stored with its key, so a changed key reads as
 * loading at once without a second render.
 */
export function useAsync<T>(key: string, load: (signal: AbortSignal) => Promise<T>): { state: AsyncState<T>; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; state: AsyncState<T> } | null>(null);
  const fullKey = `${key}#${attempt}`;
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setResult({ key: fullKey, state: { status: 'ready', value } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setResult({ key: fullKey, state: { status: 'error', error } });
      },
    );
    return () => controller.abort();
    // `load` is a fresh closure each render; the key says when it really changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullKey]);
  return { state: result?.key === fullKey ? result.state : { status: 'loading' }, retry: () => setAttempt((value) => value + 1) };
}
