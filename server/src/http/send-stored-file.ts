import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { attachment } from './content-disposition';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

export function contentTypeFor(key: string): string {
  return CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream';
}

/**
 * Answers with a file from storage: its type from the key's extension, its length, the given
 * cache rule, for SVG a sandboxing CSP (an SVG opened directly must not run anything), and for
 * pictures a cross-origin resource policy that lets other origins show them.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { body: Readable; size: number; key: string },
  options: { cacheControl: string; downloadName?: string; /** A private picture (an original): no other origin may embed it. */ sameOrigin?: boolean },
) {
  const contentType = contentTypeFor(file.key);
  reply.header('content-type', contentType);
  reply.header('content-length', file.size);
  reply.header('cache-control', options.cacheControl);
  if (options.downloadName) reply.header('content-disposition', attachment(options.downloadName));
  if (contentType === 'image/svg+xml') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
  // Pictures may be shown from another origin: the same site reached by another host name than
  // PUBLIC_URL, or a teacher's page embedding a free coloring page.
  if (contentType.startsWith('image/')) reply.header('cross-origin-resource-policy', options.sameOrigin ? 'same-origin' : 'cross-origin');
  return reply.send(file.body);
}
