import { z } from 'zod';

/** Every JSON answer of the API (DESIGN §4). */
export type Envelope<T> =
  | { status: 'success'; data: T; errorCode: null; message: string }
  | { status: 'error'; data: { fields?: Record<string, string> } | null; errorCode: number; message: string };

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    status: z.literal('success'),
    data,
    errorCode: z.null(),
    message: z.string(),
  });
}

export const errorEnvelopeSchema = z.object({
  status: z.literal('error'),
  data: z.object({ fields: z.record(z.string(), z.string()).optional() }).nullable(),
  errorCode: z.number(),
  message: z.string(),
});

export function ok<T>(data: T, message = 'ok'): Envelope<T> {
  return { status: 'success', data, errorCode: null, message };
}

/** Page parameters shared by every list call. */
export const pageQuerySchema = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

// Kept in its own module so a browser form can use it without loading zod.
export { toFieldErrors } from './field-errors';
