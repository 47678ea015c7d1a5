import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AppError } from '@studio/contracts/errors';
import { checkPrompt, findBlockedTerm } from './content-filter';

function corpus(name: string): string[] {
  return readFileSync(new URL(`./corpus/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

function codeOf(run: () => unknown): number | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('checkPrompt', () => {
  const benign = corpus('benign.txt');
  const unsafe = corpus('unsafe.txt');

  it('has corpora of the promised size, Chinese and Japanese included', () => {
    expect(benign.length).toBeGreaterThanOrEqual(300);
    expect(benign.filter((p) => /[\u3040-\u30ff\u4e00-\u9fff]/u.test(p)).length).toBeGreaterThanOrEqual(60);
    expect(unsafe.length).toBeGreaterThanOrEqual(80);
  });

  it('passes every benign prompt', () => {
    const blocked = benign.map((p) => [p, findBlockedTerm(p)]).filter(([, term]) => term !== null);
    expect(blocked).toEqual([]);
  });

  it('blocks every unsafe prompt with 4003', () => {
    const passed = unsafe.filter((p) => codeOf(() => checkPrompt(p)) !== 4003);
    expect(passed).toEqual([]);
  });

  it('rejects empty and whitespace-only prompts with 4001', () => {
    expect(codeOf(() => checkPrompt(''))).toBe(4001);
    expect(codeOf(() => checkPrompt(' \u200b \n\t'))).toBe(4001);
  });

  it('counts code points, not UTF-16 units, against the 1000 limit', () => {
    expect(codeOf(() => checkPrompt('a'.repeat(1001)))).toBe(4002);
    expect(checkPrompt('a'.repeat(1000)).normalized).toHaveLength(1000);
    // 1000 astral characters are 2000 UTF-16 units but within the limit.
    expect(codeOf(() => checkPrompt('🐱'.repeat(1000)))).toBeNull();
    expect(codeOf(() => checkPrompt('🐱'.repeat(1001)))).toBe(4002);
  });

  it('catches a spelled-out word even when an article runs into it', () => {
    expect(codeOf(() => checkPrompt('a n a z i flag'))).toBe(4003);
    expect(codeOf(() => checkPrompt('i k i l l'))).toBe(4003);
    expect(codeOf(() => checkPrompt('a b c song with a cat'))).toBeNull();
  });

  it('normalizes width, invisible characters and spacing but keeps case', () => {
    expect(checkPrompt('  Ａ  cute\u200b Cat  ').normalized).toBe('A cute Cat');
  });
});
