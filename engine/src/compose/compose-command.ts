import type { EngineCommand } from '../cli-command';
import { run as runCompose, usage as composeUsage } from './compose-cli';

// The compose CLI as an engine subcommand (see cli.ts).
export const summary = 'draw a coloring page from a prompt, offline (mandalas, scenes, subjects)';
export const usage = composeUsage;
export async function run(argv: string[]): Promise<number> {
  await runCompose(argv);
  return 0;
}

export default { summary, usage, run } satisfies EngineCommand;
