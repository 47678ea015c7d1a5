import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** A LIKE pattern matching `text` anywhere, with the wildcards in `text` itself escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

/**
 * `column LIKE '%text%' ESCAPE '\'`: the escape is spelled out because SQLite has no default
 * escape character (PostgreSQL's is the backslash), so a visitor's "100%" is searched literally
 * on both.
 */
export function columnContains(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${containsPattern(text)} escape ${sql.lit('\\')}`;
}
