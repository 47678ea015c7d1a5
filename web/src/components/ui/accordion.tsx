import { useId, useState, type ReactNode } from 'react';

export interface AccordionItem {
  question: ReactNode;
  answer: ReactNode;
}

/** FAQ list (product-spec §2): the first item starts open and several may be open at once. */
export function Accordion({ items }: { items: AccordionItem[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(items.length ? [0] : []));
  const baseId = useId();

  function toggle(index: number) {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  }

  return (
    <div className="divide-y divide-slate-200 rounded-3xl bg-white ring-1 ring-slate-200">
      {items.map((item, index) => {
        const expanded = open.has(index);
        const panelId = `${baseId}-panel-${index}`;
        const buttonId = `${baseId}-button-${index}`;
        return (
          <div key={index}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50"
              >
                <span>{item.question}</span>
                <svg aria-hidden="true" viewBox="0 0 20 20" className={`size-5 shrink-0 transition-transform ${expanded ? 'rotate-180' : ''}`} fill="none" stroke="currentColor" strokeWidth="2">
                  <path d="M5 8l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className="px-5 pb-5 text-slate-600">
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
