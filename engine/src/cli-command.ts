/** What every engine subcommand module exports (see cli.ts). */
export interface EngineCommand {
  /** One line for the command list. */
  summary: string;
  /** Every flag, one a line, shown by --help. */
  usage: string;
  /** Runs the command; resolves to the process exit code. */
  run(argv: string[]): Promise<number>;
}
