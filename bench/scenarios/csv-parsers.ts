// CSV parsers: Sorrel's CSV reader beside well-kept npm parsers, each streaming the bench's CSVs into the loader's sink.
//
// Two metrics per parser: "parse" (rows handed to a sink that only counts them) and "parse + typed
// columns" (the loader's own builders: type inference, typed storage, dictionaries, the finished
// columns), each as this process's CPU time (user + system), which other load on a shared machine
// disturbs far less than wall-clock time; every parser runs on this one thread. Before timing, every parser's rows are checked against an independent oracle
// (a digest of every cell: for the plain file from splitting its lines, for the quoted file from
// the cells as they were written); a parser that disagrees is reported and not timed. The check
// pass doubles as the warm-up. Rounds rotate the order, so no parser always runs first.
import { createReadStream, createWriteStream, renameSync } from 'node:fs';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { loadCsv, loadRows, readDelimited, type RowReader, type RowSink } from '../../loaders/index.ts';
import { loadCsvPeers, type CsvPeer } from '../lib/csv-peers.ts';
import { ensureTable, toTableSpec } from '../lib/generate.ts';
import { toRowsLabel } from '../lib/growth.ts';
import { note } from '../lib/log.ts';
import { toRow } from '../lib/rows.ts';
import { runIfMain } from '../lib/standalone.ts';
import { median } from '../lib/stats.ts';
import type { BenchRow, Scenario } from '../lib/types.ts';

/** A parser under test: a reader for "parse ms" and a loader for "parse + typed columns ms". */
type Candidate = { name: string; read(path: string): RowReader; load(path: string): Promise<unknown> };
type Digest = { rows: number; cells: number; hash: number };
type Input = { label: string; path: string; digest: Digest; size: number };

const REFERENCE = 'papaparse';

export const scenario: Scenario = {
  name: 'csv-parsers',
  description:
    'CSV parsers streaming the bench CSVs into the loader (rows checked against an oracle first): parse alone, and parse + typed columns, vs papaparse',
  async run({ quick, dataDir }) {
    const sizes = quick ? [100_000] : [1_000_000, 10_000_000];
    const peers = await loadCsvPeers();
    const candidates: Candidate[] = [
      { name: 'Sorrel (loaders/csv.ts)', read: (path) => readDelimited(path, ','), load: (path) => loadCsv(path, {}) },
      ...peers.map(toCandidate),
    ];
    const inputs: Input[] = [];
    for (const size of sizes) {
      const files = await ensureTable(toTableSpec(size), dataDir);
      inputs.push({
        label: `${toRowsLabel(size)} rows, plain`,
        path: files.csv,
        digest: await digestPlain(files.csv),
        size,
      });
      if (size === sizes[0]) {
        const quoted = files.csv.replace(/\.csv$/, '-quoted.csv');
        inputs.push({
          label: `${toRowsLabel(size)} rows, quoted (BOM, CRLF, quoted strings, 2% with "", comma and CRLF inside)`,
          path: quoted,
          digest: await writeQuoted(files.csv, quoted),
          size,
        });
      }
    }
    const rows: BenchRow[] = [];
    const slow = new Set<string>();
    for (const input of inputs) {
      const largest = input.size === sizes[sizes.length - 1] && sizes.length > 1;
      const here = candidates.filter((c) => !(largest && slow.has(c.name)));
      const ok: Candidate[] = [];
      for (const c of here) {
        note(`csv-parsers: ${input.label}: checking ${c.name}`);
        const got = await digestOf(c.read(input.path));
        if (sameDigest(got, input.digest)) ok.push(c);
        else rows.push(wrongRow(input.label, c.name, got, input.digest));
      }
      const rounds = 3;
      for (const [metric, run] of [
        ['parse CPU ms', (c: Candidate) => countRows(c.read(input.path))],
        ['parse + typed columns CPU ms', (c: Candidate) => c.load(input.path)],
      ] as const) {
        const times = new Map<string, number[]>(ok.map((c) => [c.name, []]));
        for (let r = 0; r < rounds; r++) {
          for (let k = 0; k < ok.length; k++) {
            const c = ok[(k + r) % ok.length];
            note(`csv-parsers: ${input.label}: ${metric}, round ${r + 1}/${rounds}: ${c.name}`);
            const t0 = process.cpuUsage();
            await run(c);
            const t = process.cpuUsage(t0);
            times.get(c.name)!.push((t.user + t.system) / 1000);
          }
        }
        const reference = times.get(REFERENCE);
        for (const c of ok) {
          const t = times.get(c.name)!;
          if (!largest && reference && median(t) > 2 * median(reference)) slow.add(c.name);
          rows.push(
            toRow({
              scenario: 'csv-parsers',
              case: `${input.label}: ${c.name}`,
              metric,
              referenceName: REFERENCE,
              better: 'lower',
              sorrel: t,
              reference: c.name === REFERENCE ? null : (reference ?? null),
              target: '—',
              limit: null,
            }),
          );
        }
      }
      if (largest && slow.size)
        note(`csv-parsers: not run at ${input.label} (over 2× papaparse at the smaller size): ${[...slow].join(', ')}`);
    }
    return rows;
  },
};

function toCandidate(peer: CsvPeer): Candidate {
  const name = peer.name === REFERENCE ? REFERENCE : `${peer.name} ${peer.version}`;
  return {
    name,
    read: (path) => peer.read(path, ','),
    load: (path) => loadRows(peer.read(path, ','), path, {}),
  };
}

async function countRows(read: RowReader): Promise<number> {
  let n = 0;
  await read(
    {
      header() {},
      cells() {
        n++;
      },
      // Sorrel's reader hands over rows as byte ranges, not strings: counted as such, as the loader reads them.
      block(block) {
        n += block.rows;
      },
      object() {},
    },
    false,
  );
  return n;
}

async function digestOf(read: RowReader): Promise<Digest> {
  const d = createDigest();
  await read(digestSink(d), false);
  return d;
}

function digestSink(d: Digest): RowSink {
  return {
    header: (cells) => addRow(d, cells),
    cells: (cells) => addRow(d, cells),
    object() {
      throw new Error('not a row format');
    },
  };
}

function createDigest(): Digest {
  return { rows: 0, cells: 0, hash: 0x811c9dc5 };
}

// FNV-1a over every cell's UTF-16 units, with a separator after each cell and each row.
function addRow(d: Digest, cells: string[]): void {
  let h = d.hash;
  for (const s of cells) {
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 0x1f, 0x01000193);
  }
  d.hash = Math.imul(h ^ 0x1e, 0x01000193);
  d.rows++;
  d.cells += cells.length;
}

function sameDigest(a: Digest, b: Digest): boolean {
  return a.rows === b.rows && a.cells === b.cells && a.hash === b.hash;
}

function wrongRow(label: string, name: string, got: Digest, want: Digest): BenchRow {
  note(
    `csv-parsers: ${label}: ${name} gives different rows (${got.rows} rows, ${got.cells} cells, hash ${got.hash}; want ${want.rows}, ${want.cells}, ${want.hash})`,
  );
  return {
    scenario: 'csv-parsers',
    case: `${label}: ${name} — rows differ from the oracle, not timed`,
    metric: 'rows read (oracle in ref. figure)',
    sorrel: got.rows,
    reference: want.rows,
    referenceName: 'oracle',
    ratio: null,
    better: 'lower',
    spread: '—',
    target: 'same rows',
    met: false,
  };
}

/** The oracle for the generated CSV (no quotes in it): its lines split on commas. */
async function digestPlain(path: string): Promise<Digest> {
  const d = createDigest();
  for await (const line of createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  })) {
    if (line !== '') addRow(d, line.split(','));
  }
  return d;
}

/**
 * Rewrites the generated CSV with a BOM and CRLF line ends, `cat` and `name` always quoted, and
 * every 50th name holding a doubled quote, a comma and a CRLF; returns the digest of the cells written.
 */
async function writeQuoted(from: string, to: string): Promise<Digest> {
  const d = createDigest();
  const tmp = `${to}.tmp`;
  const out = createWriteStream(tmp, { encoding: 'utf8' });
  let i = 0,
    pending: string[] = [];
  const flush = async () => {
    if (!out.write(pending.join(''))) await once(out, 'drain');
    pending = [];
  };
  for await (const line of createInterface({
    input: createReadStream(from, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  })) {
    if (line === '') continue;
    const cells = line.split(',');
    if (i > 0 && i % 50 === 0) cells[1] = `${cells[1]} said "hi", then\r\nleft`;
    addRow(d, cells);
    const text =
      i === 0 ? `\ufeff${line}` : cells.map((s, k) => (k < 2 ? `"${s.replaceAll('"', '""')}"` : s)).join(',');
    pending.push(`${text}\r\n`);
    if (pending.length === 10_000) await flush();
    i++;
  }
  await flush();
  out.end();
  await once(out, 'finish');
  renameSync(tmp, to);
  return d;
}

runIfMain(scenario, import.meta.url);
