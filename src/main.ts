// Process entry: runs the `sorrel` command line (bin/sorrel.js from source, dist/src/main.js when built).
import { main } from './cli.ts';

process.exitCode = await main(process.argv.slice(2));
