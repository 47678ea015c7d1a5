import { describe, expect, it } from 'vitest';
import { resizePlane, shrinkRgb } from './resample';

describe('shrinkRgb', () => {
  it('averages the pixels each target pixel covers', () => {
    // 4x2 image: left half black, right half white; shrunk to 2x1.
    const data = Uint8Array.from([0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 255, 255]);
    const small = shrinkRgb({ data, width: 4, height: 2, channels: 3 }, 2, 1);
    expect([...small.data]).toEqual([0, 0, 0, 255, 255, 255]);
  });
});

describe('resizePlane', () => {
  it('keeps a plane of the same size and interpolates between pixel centres when enlarging', () => {
    const plane = Float32Array.from([0, 1]);
    expect([...resizePlane(plane, 2, 1, 2, 1)]).toEqual([0, 1]);
    const big = resizePlane(plane, 2, 1, 4, 1);
    expect([...big]).toEqual([0, 0.25, 0.75, 1]);
  });
});
