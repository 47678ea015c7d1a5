import { afterAll, describe, expect, it } from 'vitest';
import { createBullQueue } from './bullmq-queue';

const redisUrl = process.env.REDIS_URL_TEST;

describe.skipIf(!redisUrl)('BullMQ generation queue (REDIS_URL_TEST)', () => {
  const prefix = `studio-test-${process.pid}-${Date.now()}`;
  const producer = redisUrl ? createBullQueue({ redisUrl, concurrency: 1, prefix }) : null;
  const consumer = redisUrl ? createBullQueue({ redisUrl, concurrency: 2, prefix }) : null;
  afterAll(async () => {
    await producer?.close();
    await consumer?.close();
  });

  it('delivers each task to a worker in another queue instance, once while it waits', async () => {
    const seen: string[] = [];
    let release!: () => void;
    const allSeen = new Promise<void>((resolve) => (release = resolve));
    await producer!.enqueue('task-a');
    await producer!.enqueue('task-a');
    await producer!.enqueue('task-b');
    await producer!.enqueue('task-c');
    consumer!.start(async (taskId) => {
      seen.push(taskId);
      if (seen.length >= 3) release();
    });
    await allSeen;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen.sort()).toEqual(['task-a', 'task-b', 'task-c']);
  });
});
