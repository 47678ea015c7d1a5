import type { ReactNode } from 'react';

const tones = {
  success: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  error: 'bg-rose-50 text-rose-900 ring-rose-200',
  info: 'bg-brand-50 text-brand-900 ring-brand-200',
} as const;

export function Alert({ tone, children }: { tone: keyof typeof tones; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-2xl px-4 py-3 text-sm ring-1 ${tones[tone]}`}>
      {children}
    </div>
  );
}
