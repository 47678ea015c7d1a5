import type { ReactNode } from 'react';
import { Accordion, type AccordionItem } from '../ui/accordion';
import { Section } from './section';

export function FaqSection({ title, items }: { title: ReactNode; items: AccordionItem[] }) {
  return (
    <Section title={title}>
      <div className="mx-auto max-w-3xl">
        <Accordion items={items} />
      </div>
    </Section>
  );
}
