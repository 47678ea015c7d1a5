import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, GenerationTasksTable } from '../../db/schema';
import { nowIso } from '../../lib/ids';

export type TaskRow = Selectable<GenerationTasksTable>;
type Executor = Kysely<Database> | Transaction<Database>;

export function createGenerationRepository(db: Kysely<Database>) {
  return {
    async insert(executor: Executor, task: { id: string; userId: string; type: string; params: unknown; uploadKey: string | null; idempotencyKey: string | null }): Promise<void> {
      await executor
        .insertInto('generation_tasks')
        .values({
          id: task.id,
          user_id: task.userId,
          type: task.type,
          params: JSON.stringify(task.params),
          status: 'queued',
          progress: 0,
          attempts: 0,
          provider_ref: null,
          upload_key: task.uploadKey,
          error_code: null,
          error_message: null,
          image_id: null,
          created_at: nowIso(),
          started_at: null,
          heartbeat_at: null,
          finished_at: null,
          idempotency_key: task.idempotencyKey,
        })
        .execute();
    },
    /** The task one press of Generate made (decision 060), if a request with this key got that far. */
    findByIdempotencyKey(userId: string, key: string, executor: Executor = db): Promise<TaskRow | undefined> {
      return executor.selectFrom('generation_tasks').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();
    },
    async countActive(executor: Executor, userId: string): Promise<number> {
      const row = await executor
        .selectFrom('generation_tasks')
        .select(db.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('status', 'in', ['queued', 'processing'])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    findById(id: string, executor: Executor = db): Promise<TaskRow | undefined> {
      return executor.selectFrom('generation_tasks').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Takes a queued task for this worker; false when another worker has it or it is finished. */
    async claim(id: string): Promise<boolean> {
      const now = nowIso();
      const result = await db
        .updateTable('generation_tasks')
        .set({ status: 'processing', attempts: sql`attempts + 1`, started_at: now, heartbeat_at: now, progress: 5 })
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async heartbeat(id: string, progress: number, providerRef?: string): Promise<void> {
      await db
        .updateTable('generation_tasks')
        .set({ heartbeat_at: nowIso(), progress, ...(providerRef ? { provider_ref: providerRef } : {}) })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .execute();
    },
    async complete(executor: Executor, id: string, imageId: string): Promise<boolean> {
      const result = await executor
        .updateTable('generation_tasks')
        .set({ status: 'completed', progress: 100, image_id: imageId, finished_at: nowIso(), heartbeat_at: nowIso() })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Marks a live task failed; false when it had already finished (so the caller refunds nothing). */
    async fail(executor: Executor, id: string, code: number, message: string): Promise<boolean> {
      const result = await executor
        .updateTable('generation_tasks')
        .set({ status: 'failed', error_code: code, error_message: message, finished_at: nowIso() })
        .where('id', '=', id)
        .where('status', 'in', ['queued', 'processing'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Puts a task whose worker vanished back in the queue. */
    async requeue(id: string): Promise<boolean> {
      const result = await db
        .updateTable('generation_tasks')
        .set({ status: 'queued', progress: 0 })
        .where('id', '=', id)
        .where('status', '=', 'processing')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Processing tasks whose worker has not reported since `before`, and tasks still queued. */
    async findStale(before: string): Promise<TaskRow[]> {
      return db
        .selectFrom('generation_tasks')
        .selectAll()
        .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'processing'), eb('heartbeat_at', '<', before)])]))
        .orderBy('id')
        .limit(500)
        .execute();
    },
  };
}

export type GenerationRepository = ReturnType<typeof createGenerationRepository>;
