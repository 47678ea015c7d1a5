// The engine's command line: a table of subcommands. Adding one is one line here plus a module
// that exports `summary`, `usage` and `run(argv)`.
import type { EngineCommand } from './cli-command';

const commands: Record<string, () => Promise<EngineCommand>> = {
  lineart: () => import('./lineart/lineart-command'),
  compose: () => import('./compose/compose-command'),
  variant: () => import('./numbers/variant-command'),
};

async function printHelp(): Promise<void> {
  const lines = ['Usage: npm run engine -- <command> [options]', '', 'Commands:'];
  for (const [name, load] of Object.entries(commands)) {
    const command = await load();
    lines.push(`  ${name.padEnd(10)} ${command.summary}`, '', command.usage, '');
  }
  console.log(lines.join('\n'));
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    await printHelp();
    return name ? 0 : 1;
  }
  const load = commands[name];
  if (!load) {
    console.error(`Unknown command "${name}". Run with --help to list commands.`);
    return 1;
  }
  return (await load()).run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const coded = error as { code?: unknown; message?: string };
    if (typeof coded.code === 'number') console.error(`error ${coded.code}: ${coded.message}`);
    else console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
