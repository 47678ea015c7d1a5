import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RgbImage } from '../io/load-image';
import type { FaceShape } from './face-model';

const models = vi.hoisted(() => ({ faces: [] as FaceShape[] | null, peopleFaces: vi.fn(), personMask: vi.fn() }));
vi.mock('./human-faces', () => ({ peopleFaces: models.peopleFaces }));
vi.mock('./person-mask', () => ({ personMask: models.personMask }));
const { PAGE_HELPER_TASKS } = await import('./page-helper-tasks');

const image: RgbImage = { width: 4, height: 2, channels: 3, data: new Uint8Array(24) };
const face: FaceShape = { points: new Float32Array(136), box: { x: 0, y: 0, width: 2, height: 2 }, score: 0.95 };
const mask = new Float32Array(8).fill(1);

describe('photoPeople', () => {
  beforeEach(() => {
    models.peopleFaces.mockReset().mockImplementation(() => Promise.resolve(models.faces));
    models.personMask.mockReset().mockResolvedValue(mask);
  });

  it('runs the person mask only when a subject-only page asks for it and the face model found a face', async () => {
    models.faces = [face];
    expect(await PAGE_HELPER_TASKS.photoPeople(image, true)).toEqual({ faces: [face], mask });
    expect(models.personMask).toHaveBeenCalledTimes(1);
    expect(await PAGE_HELPER_TASKS.photoPeople(image, false)).toEqual({ faces: [face], mask: null });
    expect(models.personMask).toHaveBeenCalledTimes(1);
  });

  it('does not run the person mask on a photo without faces, nor where the face model cannot load', async () => {
    models.faces = [];
    expect(await PAGE_HELPER_TASKS.photoPeople(image, true)).toEqual({ faces: [], mask: null });
    models.faces = null;
    expect(await PAGE_HELPER_TASKS.photoPeople(image, true)).toEqual({ faces: null, mask: null });
    expect(models.personMask).not.toHaveBeenCalled();
  });
});
