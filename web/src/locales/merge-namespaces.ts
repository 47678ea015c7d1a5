export type Messages = Record<string, unknown>;

/**
 * Joins the message files of one language ("./auth.json" → messages.auth). One file per area keeps
 * the features' texts apart; one bundle per language keeps the first load to a single request.
 */
export function mergeNamespaces(files: Record<string, Messages>): Messages {
  const messages: Messages = {};
  for (const [file, content] of Object.entries(files)) {
    const name = /([^/]+)\.json$/.exec(file)?.[1];
    if (!name) throw new Error(`Not a message file: ${file}`);
    messages[name] = content;
  }
  return messages;
}
