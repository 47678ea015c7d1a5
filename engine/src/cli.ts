// The engine's command line. Subcommands register themselves here as they are built.
const usage = `Usage: npm run engine -- <command> [options]

Commands arrive with the engine issues (lineart, compose).`;

console.log(usage);
