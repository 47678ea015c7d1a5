import type { z } from 'zod';
import { AppError, ErrorCode } from '@studio/contracts/errors';
import { toFieldErrors } from '@studio/contracts/envelope';

/** Parses a request part with its contract schema; a failure answers 400 + 1003 with field keys. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw new AppError(ErrorCode.invalidFormat, 'Invalid format', toFieldErrors(result.error));
  return result.data;
}
