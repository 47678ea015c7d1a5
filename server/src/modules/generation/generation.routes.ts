import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@studio/contracts/constants';
import { ok } from '@studio/contracts/envelope';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import { idempotencyHeadersSchema, imageGenerateFieldsSchema, photoFrameFieldsSchema, taskStatusQuerySchema, textGenerateRequestSchema } from '@studio/contracts/images';
import { apiPaths } from '@studio/contracts/routes';
import { authOf, requireAuth, type SessionCheck } from '../../http/authenticate';
import { parse } from '../../http/validation';
import type { GenerationService } from './generation.service';

/** Reads the one file and the text fields of a multipart generation request. */
async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw new AppError(ErrorCode.formatUnsupported, 'Expected a multipart upload with a file');
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') file = await part.toBuffer();
      else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorCode.imageTooLarge, 'The image must be 10 MB or smaller');
    throw error;
  }
  if (!file || file.length === 0) throw new AppError(ErrorCode.invalidFormat, 'Please upload an image', { file: 'validation.uploadRequired' });
  return { file, fields };
}

export async function generationRoutes(app: FastifyInstance, options: { generation: GenerationService; checkAccessToken: SessionCheck; perMinute: number }): Promise<void> {
  const { generation } = options;
  const signedIn = requireAuth(options.checkAccessToken);
  const limit = { rateLimit: { max: options.perMinute, timeWindow: '1 minute' } };

  app.post(apiPaths.text2img, { preHandler: signedIn, config: limit }, async (request) => {
    const { 'idempotency-key': key } = parse(idempotencyHeadersSchema, request.headers);
    const input = parse(textGenerateRequestSchema, request.body);
    return ok(await generation.submitText(authOf(request).userId, input, key ?? null), 'Queued');
  });

  app.post(apiPaths.img2img, { preHandler: signedIn, config: limit }, async (request) => {
    const { 'idempotency-key': key } = parse(idempotencyHeadersSchema, request.headers);
    const { file, fields } = await readUpload(request);
    const input = parse(imageGenerateFieldsSchema, fields);
    return ok(await generation.submitImage(authOf(request).userId, file, input, key ?? null), 'Queued');
  });

  app.post(apiPaths.photoFrame, { preHandler: signedIn, config: limit }, async (request) => {
    const { file, fields } = await readUpload(request);
    return ok(await generation.photoFrame(file, parse(photoFrameFieldsSchema, fields)));
  });

  app.get<{ Params: { taskId: string } }>('/api/images/tasks/:taskId', { preHandler: signedIn }, async (request) => {
    parse(taskStatusQuerySchema, request.query);
    return ok(await generation.taskStatus(authOf(request).userId, request.params.taskId));
  });
}
