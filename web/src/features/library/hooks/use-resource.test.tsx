import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { InitialDataProvider, readInitialData, serializeInitialData } from '../../../lib/initial-data';
import { useResource } from './use-resource';

function Probe({ load }: { load: (key: string) => Promise<string> }) {
  const [key, setKey] = useState('a');
  const resource = useResource(key, () => load(key));
  return (
    <>
      <p>{resource.status === 'ready' ? `${key}=${resource.data}` : resource.status}</p>
      <button type="button" onClick={() => setKey((current) => (current === 'a' ? 'b' : 'a'))}>
        switch
      </button>
    </>
  );
}

describe('useResource with the data a page was server-rendered with', () => {
  it('draws the given data at once for its key, loads nothing for it, and loads afresh on the next visit', async () => {
    const load = vi.fn(async (key: string) => `loaded-${key}`);
    render(
      <InitialDataProvider value={new Map([['a', 'from-server']])}>
        <Probe load={load} />
      </InitialDataProvider>,
    );
    expect(screen.getByText('a=from-server')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    await act(async () => screen.getByRole('button').click());
    expect(await screen.findByText('b=loaded-b')).toBeTruthy();
    await act(async () => screen.getByRole('button').click());
    expect(await screen.findByText('a=loaded-a')).toBeTruthy();
    expect(load.mock.calls.map(([key]) => key)).toEqual(['b', 'a']);
  });

  it('reads the JSON block of the page, with "<" escaped so it cannot close the tag', () => {
    const text = serializeInitialData({ 'category:x': { name: '</script><b>' } });
    expect(text).not.toContain('<');
    document.body.innerHTML = `<script type="application/json" id="initial-data">${text}</script>`;
    expect(readInitialData(document).get('category:x')).toEqual({ name: '</script><b>' });
    document.body.innerHTML = '';
    expect(readInitialData(document).size).toBe(0);
  });
});
