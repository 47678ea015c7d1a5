import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../test/test-app';
import { bumpImagesVersion, createCatalogueVersionReader, createImagesVersionReader, freshReads } from './images-version';

describe.each(databaseKinds)('the images version on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('changes with every bump, the first one included', async () => {
    const current = createImagesVersionReader(t.db);
    const seen = new Set([await current()]);
    for (let i = 0; i < 3; i += 1) {
      await bumpImagesVersion(t.db.kysely);
      seen.add(await current());
    }
    expect(seen.size).toBe(4);
  });

  it('changes the catalogue\'s token with every change but a member\'s new page', async () => {
    const images = createImagesVersionReader(t.db);
    const catalogue = createCatalogueVersionReader(t.db);
    const [images0, catalogue0] = [await images(), await catalogue()];
    await bumpImagesVersion(t.db.kysely, 'addition');
    const [images1, catalogue1] = [await images(), await catalogue()];
    expect(images1).not.toBe(images0);
    expect(catalogue1).toBe(catalogue0);
    await bumpImagesVersion(t.db.kysely);
    expect(await images()).not.toBe(images1);
    expect(await catalogue()).not.toBe(catalogue1);
  });

  it('shows a bump to every reader that asks after it', async () => {
    const current = createImagesVersionReader(t.db);
    const before = await current();
    const during = current();
    await bumpImagesVersion(t.db.kysely);
    const after = await Promise.all(Array.from({ length: 10 }, () => current()));
    await during;
    expect(new Set(after).size).toBe(1);
    expect(after[0]).not.toBe(before);
  });
});

describe('fresh shared reads', () => {
  /** A read whose end the test decides, counting how many run at once. */
  function controlledReads() {
    const pending: { started: number; finish: () => void }[] = [];
    let value = 0;
    let inFlight = 0;
    let mostInFlight = 0;
    const read = () =>
      new Promise<number>((resolve) => {
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        const started = value;
        pending.push({
          started,
          finish: () => {
            inFlight -= 1;
            resolve(started);
          },
        });
      });
    return { read, pending, change: () => (value += 1), stats: () => ({ reads: pending.length, mostInFlight }) };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('never answers a caller with a read begun before it called', async () => {
    const reads = controlledReads();
    const current = freshReads(reads.read);
    const first = current();
    reads.change();
    // Called after the change, while the first read (begun before it) is still running.
    const second = current();
    const third = current();
    reads.pending[0].finish();
    expect(await first).toBe(0);
    await settle();
    expect(reads.pending).toHaveLength(2);
    reads.pending[1].finish();
    expect(await second).toBe(1);
    expect(await third).toBe(1);
  });

  it('runs one read at a time and shares it between everyone waiting', async () => {
    const reads = controlledReads();
    const current = freshReads(reads.read);
    const callers: Promise<number>[] = [];
    let finished = 0;
    const finishRunning = async () => {
      if (finished < reads.pending.length) reads.pending[finished++].finish();
      await settle();
    };
    for (let round = 0; round < 5; round += 1) {
      for (let i = 0; i < 20; i += 1) callers.push(current());
      await finishRunning();
    }
    while (finished < reads.pending.length) await finishRunning();
    await Promise.all(callers);
    expect(reads.stats().mostInFlight).toBe(1);
    expect(reads.stats().reads).toBeLessThanOrEqual(6);
  });

  it('lets the next callers read again after a failed read', async () => {
    let fail = true;
    const current = freshReads(async () => {
      if (fail) throw new Error('database away');
      return 'ok';
    });
    await expect(current()).rejects.toThrow('database away');
    fail = false;
    expect(await current()).toBe('ok');
  });
});
