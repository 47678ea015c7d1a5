import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrorCode, errorMessages, isAppError, type ErrorCodeValue } from '@studio/contracts/errors';

interface ErrorBody {
  status: 'error';
  data: { fields?: Record<string, string>; [detail: string]: unknown } | null;
  errorCode: number;
  message: string;
}

function body(code: number, message: string, fields?: Record<string, string>, details?: Record<string, string>): ErrorBody {
  const data = fields || details ? { ...details, ...(fields ? { fields } : {}) } : null;
  return { status: 'error', data, errorCode: code, message };
}

/**
 * The multipart parser's (@fastify/busboy) words for a body that is not well-formed multipart:
 * cut off before its closing boundary (a dropped upload, or a client that lies), or sent without
 * a usable boundary. They come as plain errors without a code, from whichever route read the body.
 */
const MALFORMED_MULTIPART = [/unexpected end of multipart data$/i, /^Multipart: Boundary not found$/, /^The needle cannot /];

/** Fastify's own failures (body parsing, limits, multipart) mapped to catalogue codes. */
function fromFastifyError(error: FastifyError): AppError | null {
  if (!error.code && MALFORMED_MULTIPART.some((pattern) => pattern.test(error.message))) {
    return new AppError(ErrorCode.uploadRejected, 'The upload was cut off or is not well-formed multipart; please send it again');
  }
  switch (error.code) {
    case 'FST_MP_PREMATURE_CLOSE':
      return new AppError(ErrorCode.uploadRejected, 'The upload was cut off; please send it again');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(ErrorCode.payloadTooLarge, 'Request body too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(ErrorCode.invalidFormat, 'Unsupported content type', undefined, { httpStatus: 415 });
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError(ErrorCode.invalidFormat, 'The request body is not valid JSON');
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(ErrorCode.uploadRejected, 'The file is too large', undefined, { httpStatus: 413 });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(ErrorCode.uploadRejected, 'Expected a multipart upload', undefined, { httpStatus: 415 });
  }
  if (error.validation) return new AppError(ErrorCode.invalidFormat);
  if (error.statusCode === 429) return new AppError(ErrorCode.tooManyRequests);
  if (error instanceof SyntaxError && error.statusCode === 400) return new AppError(ErrorCode.invalidFormat, 'Malformed request');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    const code = ([403, 404, 413] as const).find((c) => c === error.statusCode) ?? ErrorCode.invalidFormat;
    return new AppError(code as ErrorCodeValue, undefined, undefined, { httpStatus: error.statusCode });
  }
  return null;
}

/** The one place errors become answers: the envelope, the catalogue code, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = isAppError(error) ? error : fromFastifyError(error);
    if (known) {
      if (known.httpStatus >= 500) request.log.error({ err: error }, known.message);
      else request.log.info({ code: known.code, status: known.httpStatus }, known.message);
      if (known.code === ErrorCode.tooManyRequests) {
        const retryAfter = reply.getHeader('retry-after');
        if (!retryAfter) reply.header('retry-after', '60');
      }
      // A server-side failure is told in the catalogue's words: its own message may carry an outside
      // service's host or answer, which belongs in the log written above.
      const message = known.httpStatus >= 500 ? errorMessages[known.code] : known.message;
      return reply.status(known.httpStatus).send(body(known.code, message, known.fields, known.httpStatus >= 500 ? undefined : known.details));
    }
    if (isUnavailable(error)) {
      request.log.error({ err: error }, 'dependency unavailable');
      return reply.status(503).send(body(ErrorCode.serviceUnavailable, errorMessages[503]));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(ErrorCode.internal, errorMessages[500]));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body(ErrorCode.notFound, `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}

/** Lost database connections and the like: the client should retry, the process stays up. */
function isUnavailable(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001', '08003', 'SQLITE_BUSY'].includes(code) ||
    /Connection terminated|timeout exceeded when trying to connect/i.test((error as Error).message ?? '')
  );
}
