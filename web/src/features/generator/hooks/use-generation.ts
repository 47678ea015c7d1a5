import { MAX_POLLS, POLL_INTERVAL_MS } from '@studio/contracts/constants';
import { errorMessageKey } from '@studio/contracts/errors';
import type { ImageDto, ImageType } from '@studio/contracts/images';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTaskStatus } from '../api/generator-api';

export type GenerationPhase = 'idle' | 'generating' | 'completed' | 'failed';

export interface GenerationState {
  phase: GenerationPhase;
  /** What the progress animation shows, 0-100. */
  progress: number;
  error: string | null;
  type: ImageType | null;
}

const TICK_MS = 400;
const STEP = 1.5;

/**
 * product-spec §4 "Generation": a task id, then its status every 2 s, at most 60 times. The shown
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

  /** Sends the request; a failure of the request itself is thrown back to the caller (redirects, inline errors). */
  const start = useCallback(
    async (type: ImageType, submit: () => Promise<{ taskId: string }>) => {
      const id = ++run.current;
      stopTimers();
      setState({ phase: 'generating', progress: 0, error: null, type });
      let taskId: string;
      try {
        taskId = (await submit()).taskId;
      } catch (error) {
        if (run.current === id) setState({ phase: 'idle', progress: 0, error: null, type: null });
        throw error;
      }
      if (run.current !== id) return;
      let serverProgress = 0;
      setState((current) => ({ ...current, progress: 20 }));
      timers.current.tick = setInterval(() => {
        setState((current) => {
          if (current.phase !== 'generating') return current;
          const next = serverProgress >= 50 ? Math.min(95, Math.max(50, current.progress + STEP)) : Math.min(45, current.progress + STEP);
          return { ...current, progress: Math.max(current.progress, next) };
        });
      }, TICK_MS);

      let polls = 0;
      const poll = async () => {
        if (run.current !== id) return;
        polls += 1;
        try {
          const status = await fetchTaskStatus(taskId, type);
          if (run.current !== id) return;
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
        } catch {
          if (run.current === id) fail(t('generator.errors.statusFailed'));
          return;
        }
        if (polls >= MAX_POLLS) {
          fail(t('generator.errors.timeout'));
          return;
        }
        timers.current.poll = setTimeout(() => void poll(), POLL_INTERVAL_MS);
      };
      timers.current.poll = setTimeout(() => void poll(), POLL_INTERVAL_MS);
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
