import type { ReactNode } from 'react';

/** The centred card every auth screen sits in. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="relative overflow-hidden bg-[radial-gradient(40rem_18rem_at_50%_0%,var(--color-brand-100),transparent_75%)] px-4 py-10 sm:py-16">
      <section className="relative mx-auto w-full max-w-md rounded-3xl bg-white p-6 shadow-xl shadow-brand-900/5 ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-sm leading-relaxed text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </section>
      {footer ? <div className="relative mx-auto mt-6 max-w-md text-center text-sm text-slate-600">{footer}</div> : null}
    </div>
  );
}
