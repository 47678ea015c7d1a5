import { describe, expect, it } from 'vitest';
import { attachment } from './content-disposition';

describe('attachment', () => {
  it('sends an ASCII name as it is', () => {
    expect(attachment('coloring-page-a-cute-unicorn-abcdefgh.png')).toBe('attachment; filename="coloring-page-a-cute-unicorn-abcdefgh.png"');
  });

  it('keeps a Chinese or Japanese name in filename*, with an ASCII stand-in', () => {
    expect(attachment('coloring-page-黒猫とかぼちゃ-f8202359.pdf')).toBe(
      `attachment; filename="coloring-page---------f8202359.pdf"; filename*=UTF-8''coloring-page-%E9%BB%92%E7%8C%AB%E3%81%A8%E3%81%8B%E3%81%BC%E3%81%A1%E3%82%83-f8202359.pdf`,
    );
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(attachment('coloring-page-小猫-23456789.png'))![1])).toBe('coloring-page-小猫-23456789.png');
  });
});
