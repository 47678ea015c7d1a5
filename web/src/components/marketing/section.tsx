import type { ReactNode } from 'react';

/**
 * A full-width marketing block with its heading; every marketing section sits in one. They sit
 * below the fold, so the browser skips their style, layout and paint until they come near the
 * viewport (content-visibility; the size of the last rendering is kept, so the scrollbar holds).
 */
export function Section({ title, intro, children, tone = 'plain', id }: { title: ReactNode; intro?: ReactNode; children: ReactNode; tone?: 'plain' | 'tinted'; id?: string }) {
  return (
    <section id={id} className={`[contain-intrinsic-size:auto_720px] [content-visibility:auto] ${tone === 'tinted' ? 'bg-brand-50/60' : ''}`}>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 md:py-20">
        <h2 className="text-center text-3xl font-extrabold tracking-tight text-slate-900">{title}</h2>
        {intro ? <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-slate-600">{intro}</p> : null}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
