import { ErrorCode } from '@studio/contracts/errors';

/**
 * A failed API call: the catalogue code, the server message, per-field message keys for 1003, and
 * the details a message is worded with (the blocked word of a 4003).
 */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly fields: Record<string, string>;
  readonly details: Record<string, unknown>;

  constructor(code: number, message: string, status = 0, fields: Record<string, string> = {}, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = fields;
    this.details = details;
  }
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(ErrorCode.network, error instanceof Error ? error.message : 'Network connection failed');
}
