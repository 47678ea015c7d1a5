import { randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import type { Kysely } from 'kysely';
import { GENERATION_COST, MAX_RUNNING_TASKS, isPaidLevel, nearestRatio, type Difficulty, type Language, type MembershipLevel, type PhotoFit, type Ratio } from '@studio/contracts/constants';
import { AppError, ErrorCode, errorMessages, isAppError, type ErrorCodeValue } from '@studio/contracts/errors';
import type { ImageType, PhotoFrameDto, TaskStatusDto } from '@studio/contracts/images';
import type { MadePage, PageMaker } from '../../adapters/engine/page-maker';
import type { JobQueue } from '../../adapters/queue/job-queue';
import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/schema';
import { newId, nowIso } from '../../lib/ids';
import { bookCredits } from '../credits/credits.repository';
import { toImageDto } from '../images/image-dto';
import { pageVersion, removePageFiles, storePageFiles, type FileUrls } from '../images/image-files';
import type { ImagesRepository } from '../images/images.repository';
import { bumpImagesVersion } from '../library/images-version';
import type { UsersRepository } from '../users/users.repository';
import type { GenerationRepository, TaskRow } from './generation.repository';
import { pageNoteText } from './page-note';

export interface GenerationServiceDeps {
  db: Kysely<Database>;
  tasks: GenerationRepository;
  images: ImagesRepository;
  users: UsersRepository;
  storage: Storage;
  queue: JobQueue;
  maker: PageMaker | null;
  urls: FileUrls;
  logger: Logger;
  /** How long one page may take before it fails with 4009 (DESIGN §7: 2 minutes). */
  processTimeoutMs?: number;
  /** A processing task whose worker has been silent this long is taken over. */
  staleAfterMs?: number;
  /**
   * The content filter a public page's words pass before the page joins the public gallery; a
   * page that fails is held offline for a moderator (`npm run content -- reports`).
   */
  passesContentFilter: (text: string) => boolean;
  /** Told how long each task this process ran took, and how it ended (for /metrics). */
  onTaskFinished?: (type: ImageType, outcome: 'completed' | 'failed', seconds: number, code: ErrorCodeValue | null) => void;
  /** Told of each refund this process wrote, with the failure's code (for /metrics). */
  onRefund?: (code: ErrorCodeValue) => void;
}

interface TextParams {
  prompt: string;
  ratio: Ratio;
  difficulty: Difficulty;
  isPublic: boolean;
  seed: number;
  lang: Language;
  style?: string;
}
interface ImageParams {
  ratio: Ratio;
  /** Absent on tasks queued before the choice existed: those were cropped. */
  fit?: PhotoFit;
  subjectOnly?: boolean;
  difficulty: Difficulty;
  isPublic: boolean;
  lang: Language;
  width: number;
  height: number;
}

/** Said beside a composed page that does not draw everything as asked (decisions 025 and 056). */
function composedNote(page: MadePage): string | null {
  const note = pageNoteText(page.notDrawn ?? [], page.notes ?? []);
  return note ? JSON.stringify(note) : null;
}

const PHOTO_TITLE = { en: 'Photo coloring page', zh: '照片涂色页', ja: '写真のぬりえ' };
const PHOTO_DESCRIPTION = {
  en: 'A coloring page traced from an uploaded photo.',
  zh: '根据上传的照片描绘的涂色页。',
  ja: 'アップロードされた写真からなぞったぬりえです。',
};

/** Thrown inside the debit's transaction to roll it back when the press already has its task. */
class DuplicatePress extends Error {}

/** A short title from a prompt: its first words, up to 60 characters. */
function titleFromPrompt(prompt: string): string {
  const flat = prompt.replace(/\s+/g, ' ').trim();
  if ([...flat].length <= 60) return flat;
  const cut = [...flat].slice(0, 60).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > 30 ? cut.slice(0, space) : cut}…`;
}

export function createGenerationService(deps: GenerationServiceDeps) {
  const { db, tasks, images, users, storage, queue, urls, logger } = deps;
  const engine = (): PageMaker => {
    if (!deps.maker) throw new AppError(ErrorCode.modelUnavailable);
    return deps.maker;
  };
  const processTimeoutMs = deps.processTimeoutMs ?? 120_000;
  const staleAfterMs = deps.staleAfterMs ?? 60_000;

  async function requireUser(userId: string) {
    const user = await users.findById(userId);
    if (!user) throw new AppError(ErrorCode.unauthorized);
    return user;
  }

  /** A private text page is a paid option (the spec); a photo page may be private on every plan (decision 050). */
  function assertTextVisibilityAllowed(level: string, isPublic: boolean) {
    if (!isPublic && !isPaidLevel(level as MembershipLevel)) throw new AppError(ErrorCode.privateNeedsPaidPlan);
  }

  /**
   * The debit and the task in one transaction: no task without its payment, no payment without its
   * task. With an idempotency key (decision 060) a second request of the same press finds the first
   * one's task instead: before paying when the first has committed, or through the unique index
   * when both run at once (the loser's transaction, its debit included, rolls back).
   */
  async function createTask(userId: string, type: ImageType, params: TextParams | ImageParams, taskId: string, uploadKey: string | null, idempotencyKey: string | null) {
    try {
      await db.transaction().execute(async (trx) => {
        // The debit comes first: its row lock serialises this user's concurrent requests on PostgreSQL.
        const balance = await bookCredits(trx, { userId, delta: -GENERATION_COST, reason: 'generation', ref: `generation:${taskId}` });
        if (balance === null) throw new AppError(ErrorCode.insufficientCredits);
        if (idempotencyKey && (await tasks.findByIdempotencyKey(userId, idempotencyKey, trx))) throw new DuplicatePress();
        if ((await tasks.countActive(trx, userId)) >= MAX_RUNNING_TASKS) throw new AppError(ErrorCode.queueFull);
        await tasks.insert(trx, { id: taskId, userId, type, params, uploadKey, idempotencyKey });
      });
    } catch (error) {
      // Whatever stopped this one (the index, or the balance the first one spent), the press has its answer.
      const earlier = await replayed(userId, idempotencyKey);
      if (earlier) return earlier;
      throw error;
    }
    try {
      await queue.enqueue(taskId);
    } catch (error) {
      // The queue is down (Redis away): the user is told now and gets the credits back, instead
      // of a request that hangs. If the refund cannot be written either, the task stays queued
      // and the stale-task sweep delivers or refunds it once the services are back.
      logger.error({ err: error, taskId }, 'could not queue a generation task');
      await failAndRefund({ id: taskId, user_id: userId }, ErrorCode.serviceUnavailable, errorMessages[ErrorCode.serviceUnavailable]).catch((refundError: unknown) =>
        logger.error({ err: refundError, taskId }, 'could not refund an unqueued task; the stale-task sweep will'),
      );
      throw new AppError(ErrorCode.serviceUnavailable);
    }
    return { taskId };
  }

  /** The task an earlier request of the same press made, answered again without a second debit. */
  async function replayed(userId: string, idempotencyKey: string | null): Promise<{ taskId: string } | null> {
    const earlier = idempotencyKey ? await tasks.findByIdempotencyKey(userId, idempotencyKey) : undefined;
    return earlier ? { taskId: earlier.id } : null;
  }

  /** Fails a live task and refunds it. Safe to call twice: only the first call refunds. */
  async function failAndRefund(task: Pick<TaskRow, 'id' | 'user_id'>, code: ErrorCodeValue, message: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      if (!(await tasks.fail(trx, task.id, code, message))) return false;
      await bookCredits(trx, { userId: task.user_id, delta: GENERATION_COST, reason: 'refund', ref: `generation:${task.id}:refund` });
      return true;
    }).then((refunded) => {
      if (refunded) deps.onRefund?.(code);
      return refunded;
    });
  }

  async function makePage(task: TaskRow): Promise<{ page: MadePage; source: Buffer | null; params: TextParams | ImageParams }> {
    let lastBeat = 0;
    const progress = (percent: number, providerRef?: string) => {
      const now = Date.now();
      if (providerRef || now - lastBeat > 1000) {
        lastBeat = now;
        void tasks.heartbeat(task.id, Math.max(5, Math.min(95, Math.round(percent))), providerRef).catch(() => undefined);
      }
    };
    if (task.type === 'text2image') {
      const params = JSON.parse(task.params) as TextParams;
      const page = await engine().fromPrompt({ ...params, providerRef: task.provider_ref }, progress);
      return { page, source: null, params };
    }
    const params = JSON.parse(task.params) as ImageParams;
    const upload = task.upload_key ? await storage.get(task.upload_key) : null;
    if (!upload) throw new AppError(ErrorCode.imageConversionFailed, 'The uploaded photo is missing');
    const made = await engine().fromPhoto({ image: upload, difficulty: params.difficulty, ratio: params.ratio, fit: params.fit ?? 'crop', subjectOnly: params.subjectOnly === true }, progress);
    // A colour preview of a photo page would show the photo itself: such a page keeps none.
    const page = { ...made, colorPng: null, colorThumb600: null };
    return { page, source: await engine().sourcePreview(upload), params };
  }

  /** The queue's handler. Idempotent on the task id: a second delivery finds the task taken or done. */
  async function processTask(taskId: string): Promise<void> {
    if (!(await tasks.claim(taskId))) return;
    const task = (await tasks.findById(taskId))!;
    const started = Date.now();
    let outcome: 'completed' | 'failed' = 'failed';
    let failure: ErrorCodeValue | null = null;
    const heartbeat = setInterval(() => void tasks.heartbeat(taskId, task.progress).catch(() => undefined), Math.min(10_000, staleAfterMs / 3));
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new AppError(ErrorCode.processingTimeout)), processTimeoutMs);
      });
      const { page, source, params } = await Promise.race([makePage(task), timeout]);
      const imageId = newId();
      const files = await storePageFiles(storage, imageId, page, source);
      const title = task.type === 'text2image' ? titleFromPrompt((params as TextParams).prompt) : null;
      const localized = (value: string) => JSON.stringify({ en: value, zh: value, ja: value });
      const words = { title: title ?? PHOTO_TITLE.en, description: title ? (params as TextParams).prompt : PHOTO_DESCRIPTION.en };
      const held = params.isPublic && !deps.passesContentFilter(`${words.title}\n${words.description}`) ? 'filter' : null;
      const completed = await db.transaction().execute(async (trx) => {
        await images.insert(trx, {
          id: imageId,
          user_id: task.user_id,
          category_id: null,
          type: task.type,
          ratio: params.ratio,
          difficulty: params.difficulty,
          width: page.width,
          height: page.height,
          title: title ? localized(title) : JSON.stringify(PHOTO_TITLE),
          description: title ? localized((params as TextParams).prompt) : JSON.stringify(PHOTO_DESCRIPTION),
          prompt: title ? localized((params as TextParams).prompt) : JSON.stringify({ en: '', zh: '', ja: '' }),
          additional_info: composedNote(page),
          attribution: page.attribution ? JSON.stringify(page.attribution) : null,
          is_public: params.isPublic ? 1 : 0,
          is_online: held ? 0 : 1,
          held,
          hotness: 0,
          files: JSON.stringify(files),
          files_version: pageVersion(page),
          faces: page.faces ? JSON.stringify(page.faces) : null,
          created_at: nowIso(),
        });
        if (!(await tasks.complete(trx, taskId, imageId))) throw new AppError(ErrorCode.processingTimeout, 'The task was taken over');
        // A public page joins the library's lists in the same commit as the task.
        // It has no category, so the categories' answers stay (images-version.ts).
        if (params.isPublic && !held) await bumpImagesVersion(trx, 'addition');
        return true;
      }).catch(async (error) => {
        await removePageFiles(storage, files);
        throw error;
      });
      if (completed) outcome = 'completed';
      if (completed && task.upload_key) await storage.delete(task.upload_key).catch(() => undefined);
    } catch (error) {
      const code: ErrorCodeValue = isAppError(error)
        ? error.code
        : task.type === 'text2image'
          ? ErrorCode.textGenerationFailed
          : ErrorCode.imageConversionFailed;
      // The user reads the catalogue text of the code; the details (a provider's host, its error
      // body) go to the log only.
      if (isAppError(error)) logger.warn({ taskId, code, detail: error.message }, 'generation failed');
      else logger.error({ err: error, taskId }, 'generation failed');
      failure = code;
      const message = errorMessages[code];
      if (await failAndRefund(task, code, message)) {
        logger.info({ taskId, code }, 'generation failed and refunded');
        if (task.upload_key) await storage.delete(task.upload_key).catch(() => undefined);
      }
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timer);
      deps.onTaskFinished?.(task.type as ImageType, outcome, (Date.now() - started) / 1000, failure);
    }
  }

  return {
    async submitText(userId: string, input: { prompt: string; ratio: Ratio; difficulty: Difficulty; isPublic: boolean; seed?: number; style?: string; lang?: Language }, idempotencyKey: string | null = null) {
      const earlier = await replayed(userId, idempotencyKey);
      if (earlier) return earlier;
      const prompt = engine().checkPrompt(input.prompt);
      const user = await requireUser(userId);
      assertTextVisibilityAllowed(user.membership_level, input.isPublic);
      const params: TextParams = {
        prompt,
        ratio: input.ratio,
        difficulty: input.difficulty,
        isPublic: input.isPublic,
        seed: input.seed ?? randomInt(0, 2 ** 31 - 1),
        lang: input.lang ?? (user.preferred_lang as Language),
        ...(input.style ? { style: input.style } : {}),
      };
      return createTask(userId, 'text2image', params, newId(), null, idempotencyKey);
    },

    async submitImage(userId: string, file: Buffer, input: { ratio: Ratio | null; fit: PhotoFit; subjectOnly: boolean; difficulty: Difficulty; isPublic: boolean; lang?: Language }, idempotencyKey: string | null = null) {
      const earlier = await replayed(userId, idempotencyKey);
      if (earlier) return earlier;
      const probe = await engine().probeUpload(file);
      const user = await requireUser(userId);
      const taskId = newId();
      const uploadKey = `uploads/${taskId}.bin`;
      await storage.put(uploadKey, file, { contentType: 'application/octet-stream' });
      try {
        const created = await createTask(
          userId,
          'image2image',
          {
            ratio: input.ratio ?? nearestRatio(probe.width, probe.height),
            fit: input.fit,
            ...(input.subjectOnly ? { subjectOnly: true } : {}),
            difficulty: input.difficulty,
            isPublic: input.isPublic,
            lang: input.lang ?? (user.preferred_lang as Language),
            width: probe.width,
            height: probe.height,
          },
          taskId,
          uploadKey,
          idempotencyKey,
        );
        // The same press won elsewhere: its task has its own copy of the photo.
        if (created.taskId !== taskId) await storage.delete(uploadKey).catch(() => undefined);
        return created;
      } catch (error) {
        await storage.delete(uploadKey).catch(() => undefined);
        throw error;
      }
    },

    /** Where a `crop` page would sit on the photo (decision 059): free, the photo is not kept. */
    async photoFrame(file: Buffer, input: { ratio: Ratio | null }): Promise<PhotoFrameDto> {
      const probe = await engine().probeUpload(file);
      const ratio = input.ratio ?? nearestRatio(probe.width, probe.height);
      return { ratio, ...(await engine().photoFrame(file, ratio)) };
    },

    async taskStatus(userId: string, taskId: string): Promise<TaskStatusDto> {
      const task = await tasks.findById(taskId);
      if (!task || task.user_id !== userId) throw new AppError(ErrorCode.taskNotFound);
      const image = task.image_id ? await images.findById(task.image_id) : undefined;
      const status = task.status as TaskStatusDto['status'];
      return {
        taskId: task.id,
        type: task.type as ImageType,
        status,
        progress: status === 'completed' ? 100 : Number(task.progress),
        image: image ? toImageDto(image, urls) : null,
        errorCode: task.error_code === null ? null : Number(task.error_code),
        message: task.error_message ?? status,
      };
    },

    processTask,
    failAndRefund,

    /**
     * Picks up what a stopped process left: queued tasks go back in the queue; a processing task
     * whose worker went silent is retried once, then failed and refunded.
     */
    async recoverStaleTasks(): Promise<{ requeued: number; failed: number }> {
      const stale = await tasks.findStale(new Date(Date.now() - staleAfterMs).toISOString());
      let requeued = 0;
      let failed = 0;
      for (const task of stale) {
        if (task.status === 'queued') {
          await queue.enqueue(task.id);
          continue;
        }
        if (Number(task.attempts) < 2 && (await tasks.requeue(task.id))) {
          requeued += 1;
          await queue.enqueue(task.id);
        } else if (await failAndRefund(task, ErrorCode.processingTimeout, errorMessages[ErrorCode.processingTimeout])) {
          failed += 1;
        }
      }
      if (requeued || failed) logger.warn({ requeued, failed }, 'recovered stale generation tasks');
      return { requeued, failed };
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
