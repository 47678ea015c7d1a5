import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackToTop } from './back-to-top';
import { PROGRESS_HIDE_DELAY_MS, ProgressBar } from './progress-bar';

afterEach(() => vi.useRealTimers());

describe('loading bar', () => {
  it('starts at 30, finishes at 100 and hides 300 ms later', () => {
    vi.useFakeTimers();
    const { rerender } = render(<ProgressBar loading={false} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    rerender(<ProgressBar loading />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('30');
    rerender(<ProgressBar loading={false} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    act(() => vi.advanceTimersByTime(PROGRESS_HIDE_DELAY_MS - 1));
    expect(screen.queryByRole('progressbar')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('back to top', () => {
  it('appears only after scrolling more than 500 px and scrolls smoothly up', () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    render(<BackToTop />);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 500, configurable: true });
      fireEvent.scroll(window);
    });
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 501, configurable: true });
      fireEvent.scroll(window);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    vi.unstubAllGlobals();
  });
});
