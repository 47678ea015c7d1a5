/** A LIKE pattern matching `text` anywhere, with the wildcards in `text` itself escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}
