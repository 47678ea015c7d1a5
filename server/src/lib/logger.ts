import pino, { type DestinationStream, type Logger } from 'pino';

/** Query parameters whose values let the reader in: reset links, signed file URLs, OAuth codes, keys. */
const SECRET_QUERY = /([?&](?:token|access_token|refresh_token|refreshToken|code|sig|signature|key|api_key|password|secret)=)[^&#\s"']*/gi;
/** Path segments followed by a secret (`/api/users/validate-reset-token/<token>`). */
const SECRET_PATH = /(\/validate-reset-token\/)[^/?#\s"']+/gi;

/** The one redaction rule for URLs and text that may hold one: the secret goes, its name stays. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_QUERY, '$1[redacted]').replace(SECRET_PATH, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The process logger. Request lines carry the URL with its secrets redacted and never the headers;
 * fields named like credentials are removed from anything logged; message strings go through the
 * same URL rule (Fastify's "Route GET:… not found" and our own messages).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: {
        // Fastify's own request serializer with the URL redacted (the logger's serializers win over Fastify's).
        req: (request: LoggedRequest) => ({
          method: request.method,
          url: redactSecrets(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
      hooks: {
        logMethod(args, method) {
          method.apply(this, args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg)) as Parameters<typeof method>);
        },
      },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie', '*.password', '*.newPassword', '*.currentPassword', '*.refreshToken', '*.token'],
        remove: true,
      },
    },
    destination,
  );
}
