// The results file (bench/results.json) and the table it renders into bench/README.md between markers.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { toMachineLine, type Machine } from './machine.ts';
import { toFigure } from './stats.ts';
import type { BenchRow } from './types.ts';

/** One scenario's latest outcome; a run replaces only the scenarios it ran. */
export type ScenarioResult = {
  name: string;
  description: string;
  date: string; // ISO timestamp of the run
  quick: boolean;
  seconds: number;
  machine: Machine;
  status: 'ok' | 'failed' | 'skipped';
  message: string | null; // why it failed or was skipped
  rows: BenchRow[];
  /** A later run that failed, when these rows come from the last run that did not. */
  failure?: { date: string; quick: boolean; message: string };
};

const START = '<!-- results:start -->';
const END = '<!-- results:end -->';

/** Reads the stored results (empty when absent). */
export function readResults(path: string): ScenarioResult[] {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as ScenarioResult[]) : [];
}

/** Stores `fresh` over the same-named entries of the file, keeping `order`. */
export function writeResults(path: string, fresh: ScenarioResult[], order: string[]): ScenarioResult[] {
  const byName = new Map(readResults(path).map((r) => [r.name, r]));
  for (const r of fresh) {
    // A failure (a peer being edited, a crash) keeps the last good rows, marked with it.
    const previous = byName.get(r.name);
    if (r.status === 'failed' && previous?.status === 'ok') {
      byName.set(r.name, { ...previous, failure: { date: r.date, quick: r.quick, message: r.message ?? '' } });
    } else byName.set(r.name, r);
  }
  const rank = (n: string) => (order.includes(n) ? order.indexOf(n) : order.length);
  const all = [...byName.values()].sort((a, b) => rank(a.name) - rank(b.name));
  writeFileSync(path, `${JSON.stringify(all, null, 2)}\n`);
  return all;
}

/** Replaces the text between the results markers of `readme` with the rendered results. */
export function writeReadme(readme: string, results: ScenarioResult[]): void {
  const text = readFileSync(readme, 'utf8');
  const a = text.indexOf(START),
    b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${readme} lacks the ${START} … ${END} markers.`);
  writeFileSync(readme, `${text.slice(0, a + START.length)}\n${toMarkdown(results)}\n${text.slice(b)}`);
}

/** The results as Markdown: the machine, then one table per scenario. */
export function toMarkdown(results: ScenarioResult[]): string {
  if (!results.length) return '_No results yet: run `npm run bench`._';
  const latest = [...results].sort((a, b) => (a.date < b.date ? 1 : -1))[0];
  const out = [`Machine: ${toMachineLine(latest.machine)}.`, ''];
  const rows = results.flatMap((r) => r.rows);
  const met = rows.filter((r) => r.met === true).length,
    missed = rows.filter((r) => r.met === false).length;
  out.push(
    `Targets: ${met} met, ${missed} missed (${rows.length} rows). Ratio = Sorrel ÷ reference; \`better\` says which way wins.`,
    '',
  );
  for (const r of results) {
    const other = toMachineLine(r.machine) !== toMachineLine(latest.machine) ? ` on ${toMachineLine(r.machine)}` : '';
    out.push(
      `### ${r.name} — ${r.quick ? 'quick' : 'full'} run, ${toDate(r.date)} UTC, ${Math.round(r.seconds)} s${other}`,
      '',
    );
    if (r.description) out.push(r.description, '');
    if (r.failure) {
      const f = r.failure;
      out.push(
        `**The latest run (${f.quick ? 'quick' : 'full'}, ${toDate(f.date)} UTC) FAILED:** ${f.message.split('\n')[0]} — the table below is from the run in the heading.`,
        '',
      );
    }
    if (r.status !== 'ok') {
      if (r.status === 'skipped') out.push(`**Skipped:** ${r.message ?? ''}`, '');
      else out.push('**FAILED:**', '', '```', (r.message ?? '').trim(), '```', '');
      continue;
    }
    out.push(toTable(r.rows), '');
  }
  return out.join('\n').trimEnd();
}

function toDate(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}

/** One Markdown table of rows. */
export function toTable(rows: BenchRow[]): string {
  const head =
    '| case | metric | Sorrel | reference | ref. figure | ratio | better | Sorrel spread | target | result |';
  const lines = [head, '|---|---|--:|---|--:|--:|---|---|---|---|'];
  for (const r of rows) {
    const cells = [
      r.case,
      r.metric,
      toFigure(r.sorrel),
      r.referenceName,
      r.reference === null ? '—' : toFigure(r.reference),
      r.ratio === null ? '—' : `${r.ratio.toFixed(2)}×`,
      r.better,
      r.spread,
      r.target,
      r.met === null ? '—' : r.met ? 'met' : '**missed**',
    ];
    lines.push(`| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`);
  }
  return lines.join('\n');
}
