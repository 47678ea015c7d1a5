import { describe, expect, it } from 'vitest';
import { parseComposeArgs } from './compose-cli';

describe('parseComposeArgs', () => {
  it('reads the prompt and every option', () => {
    expect(parseComposeArgs(['a', 'cute', 'unicorn', '--difficulty', 'toddler', '--ratio=16:9', '--seed', '4', '--paper', 'a4', '--out', 'x/y'])).toEqual({
      prompt: 'a cute unicorn',
      difficulty: 'toddler',
      ratio: '16:9',
      seed: 4,
      paper: 'a4',
      out: 'x/y',
    });
    expect(parseComposeArgs(['cat'])).toMatchObject({ difficulty: 'children', ratio: '3:4', out: 'page' });
  });

  it('rejects what it cannot honour', () => {
    expect(() => parseComposeArgs([])).toThrow(/prompt/);
    expect(() => parseComposeArgs(['cat', '--ratio', '2:1'])).toThrow(/ratio/);
    expect(() => parseComposeArgs(['cat', '--seed', 'x'])).toThrow(/seed/);
    expect(() => parseComposeArgs(['cat', '--colour', 'red'])).toThrow(/unknown option/);
  });
});
