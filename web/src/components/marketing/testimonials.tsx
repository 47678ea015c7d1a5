import type { ReactNode } from 'react';
import { Section } from './section';

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

/** `columns` 4 suits eight quotes (home); 3 is the default. */
export function Testimonials({ title, items, columns = 3 }: { title: ReactNode; items: Testimonial[]; columns?: 3 | 4 }) {
  return (
    <Section title={title} tone="tinted">
      <ul className={`grid gap-6 ${columns === 4 ? 'sm:grid-cols-2 lg:grid-cols-4' : 'md:grid-cols-3'}`}>
        {items.map((item) => (
          <li key={item.name} className="flex flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <figure className="flex h-full flex-col">
              <blockquote className="flex-1 text-slate-700">“{item.quote}”</blockquote>
              <figcaption className="mt-5 flex items-center gap-3">
                <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-700">
                  {item.name.slice(0, 1)}
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{item.name}</span>
                  <span className="block text-sm text-slate-500">{item.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
