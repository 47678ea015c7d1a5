import { describe, expect, it } from 'vitest';
import { nearestRatio } from './constants';
import { downloadFileName, imageGenerateFieldsSchema, imageSlug, imageVisibilityRequestSchema, textGenerateRequestSchema } from './images';

describe('generation request contract', () => {
  it('fills defaults and falls back to 1:1 for an unknown ratio', () => {
    expect(textGenerateRequestSchema.parse({ prompt: 'a cat' })).toMatchObject({ ratio: '1:1', difficulty: 'children', isPublic: true });
    expect(textGenerateRequestSchema.parse({ prompt: 'a cat', ratio: '5:7', difficulty: 'expert' })).toMatchObject({ ratio: '1:1', difficulty: 'children' });
    expect(textGenerateRequestSchema.parse({ prompt: 'a cat', ratio: '16:21', isPublic: 'false' })).toMatchObject({ ratio: '16:21', isPublic: false });
  });
});

describe('names', () => {
  it('follows the spec rule for download file names', () => {
    expect(downloadFileName('A cute unicorn & friends!', 'abcdefghijklmnop', 'pdf')).toBe('coloring-page-A-cute-unicorn---fri-ijklmnop.pdf');
    expect(downloadFileName('小猫', '0123456789', 'png')).toBe('coloring-page-小猫-23456789.png');
    expect(downloadFileName('黒猫とかぼちゃ / 🎃 night', '0123456789', 'pdf')).toBe('coloring-page-黒猫とかぼちゃ-----night-23456789.pdf');
    expect(downloadFileName('Lion in the meadow', 'lib-lion-meadow-01', 'pdf', 'numbers')).toBe('coloring-page-Lion-in-the-meadow-eadow-01-numbers.pdf');
    expect(downloadFileName('Lion in the meadow', 'lib-lion-meadow-01', 'png', 'solution')).toBe('coloring-page-Lion-in-the-meadow-eadow-01-solution.png');
  });

  it('makes image slugs from the English title and the id tail', () => {
    expect(imageSlug('Cute Unicorn in a Garden', 'xyz12345678')).toBe('cute-unicorn-in-a-garden-12345678');
    expect(imageSlug('', 'xyz12345678')).toBe('12345678');
  });
});

describe('the ratio of a photo page', () => {
  it('is the page ratio nearest the photo when none is chosen', () => {
    expect(nearestRatio(600, 400)).toBe('4:3');
    expect(nearestRatio(400, 600)).toBe('3:4');
    expect(nearestRatio(1000, 1000)).toBe('1:1');
    expect(nearestRatio(4032, 1816)).toBe('21:9');
    expect(nearestRatio(1080, 1920)).toBe('9:16');
    expect(imageGenerateFieldsSchema.parse({})).toMatchObject({ ratio: null, fit: 'fit' });
    expect(imageGenerateFieldsSchema.parse({ ratio: 'auto', fit: 'stretch' })).toMatchObject({ ratio: null, fit: 'fit' });
    expect(imageGenerateFieldsSchema.parse({ ratio: '16:9', fit: 'crop' })).toMatchObject({ ratio: '16:9', fit: 'crop' });
  });
});

describe('the visibility of a photo page', () => {
  it('is private unless the request shares it (decision 050)', () => {
    expect(imageGenerateFieldsSchema.parse({}).isPublic).toBe(false);
    expect(imageGenerateFieldsSchema.parse({ isPublic: 'true' }).isPublic).toBe(true);
    expect(imageGenerateFieldsSchema.parse({ isPublic: 'false' }).isPublic).toBe(false);
  });

  it('is changed by a request that names it', () => {
    expect(imageVisibilityRequestSchema.parse({ isPublic: true }).isPublic).toBe(true);
    expect(imageVisibilityRequestSchema.parse({ isPublic: 'false' }).isPublic).toBe(false);
    expect(imageVisibilityRequestSchema.safeParse({}).error?.issues[0].message).toBe('validation.required');
    expect(imageVisibilityRequestSchema.safeParse({ isPublic: 'maybe' }).success).toBe(false);
  });
});
