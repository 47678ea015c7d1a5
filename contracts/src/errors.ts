/**
 * Every error code the API answers with (DESIGN §5), its HTTP status and the message key the
 * web translates. Services throw `AppError` with one of these codes; one handler in the server
 * turns it into the envelope.
 */
export const ErrorCode = {
  invalidCredentials: 1001,
  usernameExists: 1002,
  invalidFormat: 1003,
  emailNotRegistered: 1004,
  currentPasswordIncorrect: 1005,
  accountDisabled: 1006,
  tooManyRequests: 1007,
  loginFailed: 1008,
  googleLoginFailed: 1009,
  sessionExpired: 1010,
  unauthorized: 1011,
  avatarUploadFailed: 1012,
  rechargeFailed: 1017,
  resetEmailFailed: 1018,
  resetLinkExpired: 1019,
  resetLinkInvalid: 1020,
  /** The same number in the payment area (api-spec §8). */
  createOrderFailed: 1020,
  captureFailed: 1021,
  cancelSubscriptionFailed: 1022,
  orderHistoryFailed: 1023,
  orderNotFound: 1024,
  emailAlreadyRegistered: 2001,
  usernameAlreadyUsed: 2002,
  textGenerationFailed: 2007,
  imageConversionFailed: 2008,
  uploadRejected: 3001,
  promptEmpty: 4001,
  promptTooLong: 4002,
  contentFiltered: 4003,
  insufficientCredits: 4004,
  imageTooLarge: 4005,
  formatUnsupported: 4006,
  queueFull: 4007,
  modelUnavailable: 4008,
  processingTimeout: 4009,
  privateNeedsPaidPlan: 4010,
  taskNotFound: 4011,
  // Codes without a number in the spec: generic HTTP-level failures.
  notFound: 404,
  forbidden: 403,
  payloadTooLarge: 413,
  serviceUnavailable: 503,
  internal: 500,
  // Client only.
  network: 9001,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

/** HTTP status that goes with each code. */
export const errorHttpStatus: Record<ErrorCodeValue, number> = {
  1001: 401,
  1002: 409,
  1003: 400,
  1004: 404,
  1005: 400,
  1006: 403,
  1007: 429,
  1008: 500,
  1009: 401,
  1010: 401,
  1011: 401,
  1012: 400,
  1017: 400,
  1018: 500,
  1019: 400,
  1020: 400,
  1021: 400,
  1022: 400,
  1023: 500,
  1024: 404,
  2001: 409,
  2002: 409,
  2007: 500,
  2008: 500,
  3001: 400,
  4001: 400,
  4002: 400,
  4003: 400,
  4004: 402,
  4005: 413,
  4006: 415,
  4007: 429,
  4008: 503,
  4009: 504,
  4010: 403,
  4011: 404,
  404: 404,
  403: 403,
  413: 413,
  503: 503,
  500: 500,
  9001: 0,
};

/** Message key (under `errors.` in the locale files) for each code. */
export function errorMessageKey(code: number): string {
  return `errors.${code}`;
}

/** English fallback messages, used in API answers and logs. The web translates by code. */
export const errorMessages: Record<ErrorCodeValue, string> = {
  1001: 'Invalid email or password',
  1002: 'This username is already taken',
  1003: 'Invalid format',
  1004: 'Email not registered',
  1005: 'Current password is incorrect',
  1006: 'This account is disabled',
  1007: 'Too many requests, please try again later',
  1008: 'Login failed',
  1009: 'Google sign-in failed',
  1010: 'Your session has expired, please log in again',
  1011: 'Please log in first',
  1012: 'Avatar upload failed',
  1017: 'Recharge failed',
  1018: 'Sending the reset email failed',
  1019: 'This reset link has expired',
  1020: 'This reset link is invalid',
  1021: 'Payment capture failed',
  1022: 'Cancelling the subscription failed',
  1023: 'Loading the order history failed',
  1024: 'Order not found',
  2001: 'This email is already registered',
  2002: 'This username is already used',
  2007: 'Text generation failed',
  2008: 'Image conversion failed',
  3001: 'Upload rejected',
  4001: 'Please enter a prompt',
  4002: 'The prompt is too long',
  4003: 'This prompt is not allowed, please modify it',
  4004: 'Insufficient credits, please recharge',
  4005: 'The image is too large',
  4006: 'This image format is not supported',
  4007: 'Too many generations in progress, please wait',
  4008: 'The image model is unavailable',
  4009: 'Processing timed out',
  4010: 'Private pages need a paid plan',
  4011: 'Task not found',
  404: 'Not found',
  403: 'Access denied',
  413: 'Request too large',
  503: 'Service unavailable, please try again shortly',
  500: 'Server error',
  9001: 'Network connection failed',
};

/**
 * A failure with a code from the catalogue. `fields` carries per-field message keys for 1003;
 * `details` values the client words its message with (the blocked word of a 4003), sent beside
 * `fields` in the envelope's data.
 */
export class AppError extends Error {
  readonly code: ErrorCodeValue;
  readonly fields?: Record<string, string>;
  readonly details?: Record<string, string>;
  readonly httpStatus: number;

  constructor(
    code: ErrorCodeValue,
    message?: string,
    fields?: Record<string, string>,
    options: { httpStatus?: number; cause?: unknown; details?: Record<string, string> } = {},
  ) {
    super(message ?? errorMessages[code], { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
    this.details = options.details;
    this.httpStatus = options.httpStatus ?? (errorHttpStatus[code] || 500);
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
