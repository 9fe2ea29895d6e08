// The results file (bench/results.json) and what it renders between markers: each question's table in bench/<question>/README.md, the index in bench/README.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** The folder of a scenario's question under bench/ (its name, unless named otherwise here). */
export const FOLDERS: Record<string, string> = { engine: 'engine-overhead' };
export const toFolder = (name: string) => FOLDERS[name] ?? name;

/**
 * Writes each scenario's latest table into bench/<question>/README.md (between its results
 * markers; a README without them gets a "Latest results" section at its end, a missing one a
 * heading) and the index of every scenario's latest run into bench/README.md.
 */
export function writeReadmes(benchDir: string, results: ScenarioResult[]): void {
  for (const r of results) {
    const path = join(benchDir, toFolder(r.name), 'README.md');
    mkdirSync(join(benchDir, toFolder(r.name)), { recursive: true });
    const text = existsSync(path) ? readFileSync(path, 'utf8') : `# ${r.name}\n`;
    const marked = text.includes(START) ? text : `${text.trimEnd()}\n\n## Latest results\n\n${START}\n${END}\n`;
    writeFileSync(path, replaceMarked(path, marked, toMarkdown([r])));
  }
  const top = join(benchDir, 'README.md');
  writeFileSync(top, replaceMarked(top, readFileSync(top, 'utf8'), toIndex(results)));
}

/** `text` with what lies between the results markers replaced by `body`. */
function replaceMarked(path: string, text: string, body: string): string {
  const a = text.indexOf(START),
    b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${path} lacks the ${START} … ${END} markers.`);
  return `${text.slice(0, a + START.length)}\n${body}\n${text.slice(b)}`;
}

/** One row per scenario: its latest run, its targets met and missed, and the README that has its table. */
export function toIndex(results: ScenarioResult[]): string {
  if (!results.length) return '_No results yet: run `npm run bench`._';
  const lines = ['| scenario | latest run | rows | targets met | missed | table |', '|---|---|--:|--:|--:|---|'];
  for (const r of results) {
    const met = r.rows.filter((x) => x.met === true).length,
      missed = r.rows.filter((x) => x.met === false).length;
    const run = `${r.quick ? 'quick' : 'full'}, ${toDate(r.date)} UTC${r.status === 'ok' ? '' : ` (${r.status.toUpperCase()})`}${r.failure ? ' (a later run FAILED)' : ''}`;
    const link = `[${toFolder(r.name)}/README.md](${toFolder(r.name)}/README.md#latest-results)`;
    lines.push(`| ${r.name} | ${run} | ${r.rows.length} | ${met} | ${missed ? `**${missed}**` : 0} | ${link} |`);
  }
  return lines.join('\n');
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
