// `sorrel init` and `sorrel check` on the scale scenario's file (issue 19): time, peak RSS beside the
// table's Arrow bytes, and the progress lines each writes to its log (stderr) while it loads.
import { basename } from 'node:path';
import { runSorrel } from './command.ts';
import { note } from './log.ts';
import { toRow } from './rows.ts';
import type { BenchRow } from './types.ts';

const MiB = 1024 * 1024;

/**
 * Runs `sorrel init <file>` and `sorrel check <catalog>` once each. Fails unless init prints a field
 * per column of `columns` and check says OK. `arrow` is the table's Arrow bytes from a start-up.
 */
export async function timeInitCheck(
  file: string,
  catalog: string,
  columns: readonly string[],
  arrow: number,
  label: string,
): Promise<BenchRow[]> {
  const init = await runSorrel(['init', file]);
  for (const c of columns)
    if (!init.stdout.includes(`column: ${c}\n`)) throw new Error(`sorrel init ${file}: no field for column ${c}.`);
  const check = await runSorrel(['check', catalog]);
  if (!check.stdout.includes(': OK')) throw new Error(`sorrel check ${catalog}: ${check.stdout}`);
  const out: BenchRow[] = [];
  for (const [name, run] of [
    ['init', init],
    ['check', check],
  ] as const) {
    const progress = run.stderr.filter((l) => l.includes('rows'));
    note(
      `scale: sorrel ${name} ${basename(file)}: ${(run.ms / 1000).toFixed(1)} s, peak ${(run.rss / MiB).toFixed(0)} MiB, ${progress.length} progress lines (last: ${progress.at(-1) ?? 'none'})`,
    );
    const c = { scenario: 'scale', case: `${label}, \`sorrel ${name}\``, better: 'lower' as const };
    out.push(
      toRow({
        ...c,
        metric: 's',
        referenceName: '—',
        sorrel: [run.ms / 1000],
        reference: null,
        target: '—',
        limit: null,
      }),
      toRow({
        ...c,
        metric: 'peak RSS MiB',
        referenceName: `Arrow buffers (${(arrow / MiB).toFixed(0)} MiB)`,
        sorrel: [run.rss / MiB],
        reference: arrow / MiB,
        target: '≤ 2× Arrow bytes',
        limit: { on: 'ratio', value: 2 },
      }),
    );
  }
  return out;
}
