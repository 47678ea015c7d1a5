import type { EngineCommand } from '../cli-command';
import { run as runCompose, usage as composeUsage } from './compose-cli';

// The compose CLI as an engine subcommand (see cli.ts).
export const summary = 'draw a coloring page from a prompt, offline (mandalas, scenes, subjects)';
export const usage = composeUsage;
export async function run(argv: string[]): Promise<number> {
  // compose-cli reports failures through process.exitCode (2 usage, 1 refused prompt); cli.ts sets
  // the exit code from this return value, so pass it on rather than overwrite it with 0.
  await runCompose(argv);
  return typeof process.exitCode === 'number' ? process.exitCode : 0;
}

export default { summary, usage, run } satisfies EngineCommand;
