import { describe, expect, it } from 'vitest';
import { isPromptTooLong, normalizePrompt, promptLength } from './prompt';

describe('prompt length', () => {
  it('counts code points of the normalized prompt: emoji and CJK are one each', () => {
    expect(promptLength('🐱🐶')).toBe(2);
    expect(promptLength('小猫在花园里')).toBe(6);
    expect(promptLength('  a\u200b cat  ')).toBe(5);
    expect(promptLength('ｃａｔ')).toBe(3);
  });

  it('puts the limit between 1000 and 1001, whatever the script', () => {
    for (const ch of ['a', '🐱', '猫', 'ね']) {
      expect(isPromptTooLong(ch.repeat(1000)), ch).toBe(false);
      expect(isPromptTooLong(ch.repeat(1001)), ch).toBe(true);
    }
  });

  it('removes invisible characters that would hide a word', () => {
    expect(normalizePrompt('go\u200dre \u2060cat\ufeff')).toBe('gore cat');
  });
});
