import type { ReactNode } from 'react';
import { Section } from './section';

export interface Step {
  title: string;
  body: string;
}

/** Numbered how-it-works / how-to steps. */
export function Steps({ title, intro, items }: { title: ReactNode; intro?: ReactNode; items: Step[] }) {
  return (
    <Section title={title} intro={intro}>
      <ol className={`grid gap-6 sm:grid-cols-2 ${items.length >= 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
        {items.map((item, index) => (
          <li key={item.title} className="rounded-3xl bg-white p-6 ring-1 ring-slate-200">
            <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white">
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-bold text-slate-900">{item.title}</h3>
            <p className="mt-2 text-slate-600">{item.body}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
