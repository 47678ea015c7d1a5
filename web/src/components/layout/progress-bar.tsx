import { useEffect, useState } from 'react';

export const PROGRESS_START = 30;
export const PROGRESS_HIDE_DELAY_MS = 300;

/** Thin loading bar: jumps to 30 while loading, runs to 100 when done, hides 300 ms later. */
export function ProgressBar({ loading }: { loading: boolean }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [wasLoading, setWasLoading] = useState(false);

  if (loading !== wasLoading) {
    setWasLoading(loading);
    setProgress(loading ? PROGRESS_START : 100);
  }

  useEffect(() => {
    if (progress !== 100) return;
    const timer = setTimeout(() => setProgress(null), PROGRESS_HIDE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [progress]);

  if (progress === null) return null;
  return (
    <div
      className="fixed inset-x-0 top-0 z-50 h-0.5"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
      data-testid="progress-bar"
    >
      <div className="h-full bg-brand-500 transition-[width] duration-300 ease-out" style={{ width: `${progress}%` }} />
    </div>
  );
}
