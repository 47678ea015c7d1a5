import { useRef, type KeyboardEvent, type ReactNode } from 'react';

interface TabListProps<T extends string> {
  label: string;
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  /** Tab buttons get the ids `<idPrefix>-tab-<tab>`, for panels' aria-labelledby. */
  idPrefix: string;
  /** The id of the panel the selected tab shows (only the selected tab points at it: the others' panels are not rendered). */
  panelId?: string;
  children: (tab: T, selected: boolean) => ReactNode;
  className?: string;
  tabClassName: (selected: boolean) => string;
}

/**
 * Tabs as the WAI-ARIA pattern has them: one tab stop (the selected tab), arrow keys move and
 * select (wrapping), Home and End jump to the ends. The one tab list of the site.
 */
export function TabList<T extends string>({ label, tabs, selected, onSelect, idPrefix, panelId, children, className = '', tabClassName }: TabListProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.indexOf(selected);
    const next =
      event.key === 'ArrowRight' ? (index + 1) % tabs.length
      : event.key === 'ArrowLeft' ? (index - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : null;
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next]);
    refs.current.get(tabs[next])?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const active = tab === selected;
        return (
          <button
            key={tab}
            ref={(element) => {
              if (element) refs.current.set(tab, element);
              else refs.current.delete(tab);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab}`}
            aria-selected={active}
            aria-controls={active ? panelId : undefined}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab)}
            className={tabClassName(active)}
          >
            {children(tab, active)}
          </button>
        );
      })}
    </div>
  );
}
