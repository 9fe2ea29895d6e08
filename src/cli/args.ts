// The commands' usage and options, and parsing one command's arguments.
import { type ParseArgsConfig, parseArgs } from 'node:util';

export type Flags = Record<string, string | boolean | undefined>;
export type Command = { usage: string; options?: ParseArgsConfig['options'] };

export const COMMANDS: Record<string, Command> = {
  serve: {
    usage: `sorrel serve [catalog.yaml | file.sorrel] [--port N] [--host H]
  Serves a catalog (default: SORREL_CATALOG, else the bundled demo), or a snapshot file from
  \`sorrel build\` (told apart by its header), at http://HOST:PORT/api/.
  SIGTERM/SIGINT drain and stop (SORREL_DRAIN_GRACE, SORREL_DRAIN_TIMEOUT); SIGHUP reloads.
  --port N   port to listen on (default: PORT, else 8000; 0 picks a free one)
  --host H   address to listen on (default: HOST, else 0.0.0.0)`,
    options: { port: { type: 'string' }, host: { type: 'string' } },
  },
  build: {
    usage: `sorrel build <catalog.yaml> -o <file.sorrel>
  Checks the catalog and its data files (as check does), precomputes what serving needs, and
  writes one snapshot file that \`sorrel serve <file>\` serves without the data files. The same
  inputs give the same bytes. The file is written beside the target, then renamed over it.
  -o, --output FILE   the snapshot file to write (default: the catalog's name with .sorrel)`,
    options: { output: { type: 'string', short: 'o' } },
  },
  check: {
    usage: `sorrel check <catalog.yaml>
  Validates a catalog and its data files, printing every problem; exits 1 on any.`,
  },
  init: {
    usage: `sorrel init <data files…> | sorrel init --engine <url> <table…>
  Prints a starting catalog (YAML) for the data files: one dataset and category per file,
  one field and one concept per column. With --engine, for tables of a ClickHouse database
  instead (types from DESCRIBE TABLE; credentials from the variables the catalog names).
  --engine URL          the engine's HTTP URL (no credentials in it)
  --database DB         the tables' database (default: default)
  --user-env VAR        the variable holding the engine user (written to the catalog, read now)
  --password-env VAR    the variable holding its password`,
    options: {
      engine: { type: 'string' },
      database: { type: 'string' },
      'user-env': { type: 'string' },
      'password-env': { type: 'string' },
    },
  },
  'hash-key': {
    usage: `sorrel hash-key <key>
  Prints the SHA-256 to store in the catalog for an API key.`,
  },
};

/** The usage of every command: each one's first line. */
export const USAGE = `Usage: sorrel <command> [options]   (sorrel <command> --help for one command)

${Object.values(COMMANDS)
  .map((c) => c.usage.split('\n')[0])
  .join('\n')}
sorrel --version`;

/** A command's flags (with --help) and positional arguments; throws Node's message on an unknown or malformed flag. */
export function parseCommand(command: Command, args: string[]): { values: Flags; positionals: string[] } {
  return parseArgs({
    args,
    options: { ...command.options, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
}
