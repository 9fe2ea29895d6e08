// Lets a scenario file run on its own: node --import tsx bench/scenarios/<name>.ts [--quick].
import { pathToFileURL } from 'node:url';
import { toFigure } from './stats.ts';
import type { BenchRow, Scenario } from './types.ts';

/** Runs `scenario` and prints its rows when `moduleUrl` is the process's entry file. */
export function runIfMain(scenario: Scenario, moduleUrl: string): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  scenario.run({ quick: process.argv.includes('--quick'), dataDir: 'bench/data' }).then(printRows, (err) => {
    console.error(err);
    process.exitCode = 1;
  });
}

function printRows(rows: BenchRow[]): void {
  const figure = (x: number | null) => (x === null ? '' : toFigure(x));
  console.table(
    rows.map((r) => ({
      case: r.case,
      metric: r.metric,
      sorrel: figure(r.sorrel),
      reference: figure(r.reference),
      ratio: figure(r.ratio),
      spread: r.spread,
      target: r.target,
      met: r.met,
    })),
  );
}
