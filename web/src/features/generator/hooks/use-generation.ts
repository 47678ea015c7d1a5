import { MAX_POLLS, POLL_INTERVAL_MS } from '@studio/contracts/constants';
import { errorMessageKey } from '@studio/contracts/errors';
import type { ImageDto, ImageType } from '@studio/contracts/images';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isConnectionLost, newIdempotencyKey, waitForConnection } from '../../../lib/reconnect';
import { fetchTaskStatus } from '../api/generator-api';

export type GenerationPhase = 'idle' | 'generating' | 'completed' | 'failed';

export interface GenerationState {
  phase: GenerationPhase;
  /** What the progress animation shows, 0-100. */
  progress: number;
  error: string | null;
  type: ImageType | null;
  /** The connection dropped while following the task: it is retried until it is back (decision 060). */
  reconnecting?: boolean;
}

const TICK_MS = 400;
const STEP = 1.5;
/** How long the generator keeps retrying without a connection before it gives up on a press. */
export const RECONNECT_GRACE_MS = 5 * 60_000;

/**
 * product-spec §4 "Generation": a task id, then its status every 2 s, at most 60 times. A dropped
 * connection is not a failure (decision 060): the press's submit is retried with its idempotency
 * key, so the server answers the task it already made, and the polls go on once the browser is back
 * online; neither counts towards the 60 polls. The shown
 * progress starts at 20, creeps to 45 while the server is below 50, jumps to 50 once it reports 50
 * or more, creeps to 95 after, and reaches 100 on completion.
 */
export function useGeneration(onCompleted: (image: ImageDto, type: ImageType) => void) {
  const { t } = useTranslation();
  const [state, setState] = useState<GenerationState>({ phase: 'idle', progress: 0, error: null, type: null });
  const run = useRef(0);
  const timers = useRef<{ poll?: ReturnType<typeof setTimeout>; tick?: ReturnType<typeof setInterval> }>({});
  const completed = useRef(onCompleted);
  useEffect(() => {
    completed.current = onCompleted;
  }, [onCompleted]);

  const stopTimers = useCallback(() => {
    clearTimeout(timers.current.poll);
    clearInterval(timers.current.tick);
  }, []);

  useEffect(
    () => () => {
      run.current += 1;
      stopTimers();
    },
    [stopTimers],
  );

  const fail = useCallback(
    (error: string) => {
      stopTimers();
      setState((current) => ({ ...current, phase: 'failed', error }));
    },
    [stopTimers],
  );

  /**
   * Sends the request with a key of its own, again after a dropped connection; a refusal by the
   * server is thrown back to the caller (redirects, inline errors). Resolves once the task is
   * accepted, or with false when a newer press took over.
   */
  const start = useCallback(
    async (type: ImageType, submit: (idempotencyKey: string) => Promise<{ taskId: string }>): Promise<boolean> => {
      const id = ++run.current;
      stopTimers();
      setState({ phase: 'generating', progress: 0, error: null, type });
      const key = newIdempotencyKey();
      const pressed = Date.now();
      let taskId: string;
      for (;;) {
        try {
          taskId = (await submit(key)).taskId;
          break;
        } catch (error) {
          if (run.current !== id) return false;
          if (!isConnectionLost(error) || Date.now() - pressed > RECONNECT_GRACE_MS) {
            setState({ phase: 'idle', progress: 0, error: null, type: null });
            throw error;
          }
          setState((current) => ({ ...current, reconnecting: true }));
          await waitForConnection(POLL_INTERVAL_MS);
          if (run.current !== id) return false;
        }
      }
      if (run.current !== id) return false;
      let serverProgress = 0;
      setState((current) => ({ ...current, progress: 20, reconnecting: false }));
      timers.current.tick = setInterval(() => {
        setState((current) => {
          if (current.phase !== 'generating') return current;
          const next = serverProgress >= 50 ? Math.min(95, Math.max(50, current.progress + STEP)) : Math.min(45, current.progress + STEP);
          return { ...current, progress: Math.max(current.progress, next) };
        });
      }, TICK_MS);

      let polls = 0;
      let offlineSince: number | null = null;
      const poll = async () => {
        if (run.current !== id) return;
        polls += 1;
        try {
          const status = await fetchTaskStatus(taskId, type);
          if (run.current !== id) return;
          if (offlineSince !== null) {
            offlineSince = null;
            setState((current) => ({ ...current, reconnecting: false }));
          }
          if (status.status === 'completed' && status.image) {
            stopTimers();
            setState({ phase: 'completed', progress: 100, error: null, type });
            completed.current(status.image, type);
            return;
          }
          if (status.status === 'failed') {
            const generic = t('generator.errors.failed');
            fail(status.errorCode ? t(errorMessageKey(status.errorCode), { defaultValue: generic }) : generic);
            return;
          }
          serverProgress = status.progress;
          if (serverProgress >= 50) setState((current) => ({ ...current, progress: Math.max(current.progress, 50) }));
        } catch (error) {
          if (run.current !== id) return;
          if (isConnectionLost(error)) {
            // The task goes on on the server; it is asked again as soon as the browser is back online.
            polls -= 1;
            offlineSince ??= Date.now();
            if (Date.now() - offlineSince > RECONNECT_GRACE_MS) {
              fail(t('generator.errors.statusFailed'));
              return;
            }
            setState((current) => (current.reconnecting ? current : { ...current, reconnecting: true }));
            void waitForConnection(POLL_INTERVAL_MS).then(() => {
              if (run.current === id) void poll();
            });
            return;
          }
          fail(t('generator.errors.statusFailed'));
          return;
        }
        if (polls >= MAX_POLLS) {
          fail(t('generator.errors.timeout'));
          return;
        }
        timers.current.poll = setTimeout(() => void poll(), POLL_INTERVAL_MS);
      };
      timers.current.poll = setTimeout(() => void poll(), POLL_INTERVAL_MS);
      return true;
    },
    [fail, stopTimers, t],
  );

  const reset = useCallback(() => {
    run.current += 1;
    stopTimers();
    setState({ phase: 'idle', progress: 0, error: null, type: null });
  }, [stopTimers]);

  return { state, start, reset };
}
