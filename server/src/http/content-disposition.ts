/**
 * `Content-Disposition: attachment` for a download name in any script (RFC 6266): `filename*` carries
 * the UTF-8 name, `filename` an ASCII stand-in for clients that read only that one.
 */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '-').replace(/["\\]/g, '-');
  if (ascii === fileName) return `attachment; filename="${fileName}"`;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
