// The `sorrel` command: --version, help, and each command's flags, handed to its file in src/cli/.
import { fileURLToPath } from 'node:url';
import pkg from '../package.json' with { type: 'json' };
import { toBufferBytes } from './config.ts';
import { COMMANDS, type Flags, parseCommand, USAGE } from './cli/args.ts';
import { build } from './cli/build.ts';
import { check } from './cli/check.ts';
import { hashKey } from './cli/hash-key.ts';
import { init } from './cli/init.ts';
import { fail } from './cli/output.ts';
import { serve } from './cli/serve.ts';

// Built, this file is dist/src/cli.js: the demo stays at the package root.
export const DEMO_CATALOG = fileURLToPath(
  new URL(import.meta.url.endsWith('.js') ? '../../demo/catalog.yaml' : '../demo/catalog.yaml', import.meta.url),
);

/** Runs one command; returns the exit code (serve never returns while serving). */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === '--version' || command === '-v' || command === 'version') {
    console.log(pkg.version);
    return 0;
  }
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command === undefined ? 1 : 0;
  }
  const spec = COMMANDS[command];
  if (!spec) return fail(`Unknown command "${command}".`);
  let parsed: { values: Flags; positionals: string[] };
  try {
    parsed = parseCommand(spec, rest);
  } catch (err) {
    return fail(`sorrel ${command}: ${(err as Error).message}`, spec.usage);
  }
  if (parsed.values.help) {
    console.log(`Usage: ${spec.usage}`);
    return 0;
  }
  const args = parsed.positionals;
  let bufferBytes: number | undefined;
  try {
    bufferBytes = toBufferBytes(process.env) ?? undefined;
  } catch (err) {
    return fail(`sorrel ${command}: ${(err as Error).message}`, spec.usage);
  }
  switch (command) {
    case 'serve':
      return serve(args[0] ?? process.env.SORREL_CATALOG ?? DEMO_CATALOG, parsed.values);
    case 'build':
      return build(args[0], parsed.values.output as string | undefined, bufferBytes);
    case 'check':
      return check(args[0], bufferBytes);
    case 'init':
      return init(args, bufferBytes, parsed.values);
    default:
      return hashKey(args[0]);
  }
}
