import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Accordion } from './accordion';
import { ConfirmDialog } from './dialog';
import { Pagination } from './pagination';
import { TabList } from './tab-list';
import { useState } from 'react';

describe('Accordion', () => {
  it('opens the first item, and lets several stay open', () => {
    render(<Accordion items={[1, 2, 3].map((n) => ({ question: `Q${n}`, answer: `A${n}` }))} />);
    const [first, second] = screen.getAllByRole('button');
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(second.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('A1').hidden).toBe(false);
    fireEvent.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText('A1').hidden).toBe(true);
  });
});

describe('ConfirmDialog', () => {
  it('asks, then confirms or cancels', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { rerender } = render(<ConfirmDialog open title="Delete?" message="Gone for good" confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('dialog', { name: 'Delete?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
    rerender(<ConfirmDialog open={false} title="Delete?" message="Gone for good" confirmLabel="Delete" onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Pagination', () => {
  it('marks the current page and moves by number, previous and next', () => {
    const onChange = vi.fn();
    render(<Pagination currentPage={6} totalPages={10} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('button', { name: 'Page 3' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange.mock.calls.map(([page]) => page)).toEqual([10, 5, 7]);
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination currentPage={1} totalPages={1} onChange={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('TabList', () => {
  function Tabs() {
    const [tab, setTab] = useState<'a' | 'b' | 'c'>('a');
    return (
      <TabList label="Kinds" tabs={['a', 'b', 'c'] as const} selected={tab} onSelect={setTab} idPrefix="k" panelId={`panel-${tab}`} tabClassName={() => ''}>
        {(name) => name.toUpperCase()}
      </TabList>
    );
  }

  it('keeps one tab stop and moves the selection with arrows, Home and End', () => {
    render(<Tabs />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect([tab('A'), tab('B'), tab('C')].map((element) => element.tabIndex)).toEqual([0, -1, -1]);
    expect(tab('A').getAttribute('aria-controls')).toBe('panel-a');
    expect(tab('B').getAttribute('aria-controls')).toBeNull();
    tab('A').focus();
    fireEvent.keyDown(tab('A'), { key: 'ArrowLeft' });
    expect(tab('C').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('C'));
    fireEvent.keyDown(tab('C'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('A'));
    fireEvent.keyDown(tab('A'), { key: 'End' });
    expect(tab('C').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('C'), { key: 'Home' });
    expect(tab('A').tabIndex).toBe(0);
  });
});
