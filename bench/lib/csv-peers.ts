// The CSV parsers compared with Sorrel's (bench peers in bench/node_modules), each as a streaming RowReader.
//
// Like DuckDB in duck.ts, each peer is imported through a variable so the root type-check (and CI,
// which never installs bench/node_modules) does not depend on it; the few functions used are typed
// here. Every reader feeds the loader's own RowSink, so "parse + typed columns" times the parser
// followed by exactly the builders the loader runs. Parsers that take only a whole string (d3-dsv,
// csv-simple-parser) get the file in chunks cut after a record boundary (see recordChunks), so a
// 10M-row file is never one JS string for them either.
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RowReader, RowSink } from '../../loaders/index.ts';

/** A named way to read a delimited file into a RowSink. */
export type CsvPeer = { name: string; version: string; read(path: string, delimiter: string): RowReader };

type Papa = { parse(input: NodeJS.ReadableStream, config: Record<string, unknown>): void };
type Udsv = {
  inferSchema(text: string, opts: Record<string, unknown>): unknown;
  initParser(schema: unknown): {
    chunk(text: string, parse: unknown, onData: (row: string[]) => void): void;
    end(): void;
    stringArrs: unknown;
  };
};
type D3 = { dsvFormat(delimiter: string): { parseRows(text: string, row: (cells: string[]) => null): unknown } };
type SimpleParser = { default(text: string, options: Record<string, unknown>): string[][] };
type CsvParse = { parse(options: Record<string, unknown>): NodeJS.ReadWriteStream };
type CsvParser = { default(options: Record<string, unknown>): NodeJS.ReadWriteStream };
type FastCsv = { parse(options: Record<string, unknown>): NodeJS.ReadWriteStream };

const PEERS = [
  'papaparse',
  'udsv',
  'd3-dsv',
  'csv-parse',
  'csv-parser',
  'csv-simple-parser',
  '@fast-csv/parse',
] as const;

/** Imports every peer; throws saying how to install them when one is missing. */
export async function loadCsvPeers(): Promise<CsvPeer[]> {
  const mods: Record<string, unknown> = {};
  const versions: Record<string, string> = {};
  for (const name of PEERS) {
    try {
      const mod = (await import(name)) as Record<string, unknown>;
      mods[name] = name === 'papaparse' ? mod.default : mod;
      versions[name] = versionOf(name);
    } catch (err) {
      throw new Error(
        `Cannot import ${name} (${(err as Error).message}); run \`npm run bench\`, which installs bench/node_modules.`,
      );
    }
  }
  const peer = (name: string, read: CsvPeer['read']): CsvPeer => ({ name, version: versions[name], read });
  return [
    peer('papaparse', (path, delimiter) => readPapa(mods.papaparse as Papa, path, delimiter)),
    peer('udsv', (path, delimiter) => readUdsv(mods.udsv as Udsv, path, delimiter)),
    peer('d3-dsv', (path, delimiter) => {
      const format = (mods['d3-dsv'] as D3).dsvFormat(delimiter);
      return readWhole(path, (text, row) => {
        format.parseRows(text, (cells) => {
          row(cells);
          return null;
        });
      });
    }),
    peer('csv-simple-parser', (path, delimiter) =>
      readWhole(path, (text, row) => {
        // A text ending in a newline gives a last row of one '' and holes: it is the blank line after the last.
        for (const cells of (mods['csv-simple-parser'] as SimpleParser).default(text, {
          delimiter,
          header: false,
          infer: false,
        })) {
          if (!(cells[0] === '' && cells[1] === undefined)) row(cells);
        }
      }),
    ),
    peer('csv-parse', (path, delimiter) =>
      readStream(
        path,
        () => (mods['csv-parse'] as CsvParse).parse({ delimiter, bom: true, relax_column_count: true }),
        (r) => r as string[],
      ),
    ),
    peer('csv-parser', (path, delimiter) =>
      readStream(
        path,
        () => (mods['csv-parser'] as CsvParser).default({ separator: delimiter, headers: false, strict: false }),
        (r) => Object.values(r as object) as string[],
      ),
    ),
    peer('@fast-csv/parse', (path, delimiter) =>
      readStream(
        path,
        () => (mods['@fast-csv/parse'] as FastCsv).parse({ delimiter, headers: false }),
        (r) => r as string[],
      ),
    ),
  ];
}

// The installed version, from bench/node_modules or else the root's node_modules.
function versionOf(name: string): string {
  for (const dir of ['../node_modules', '../../node_modules']) {
    const file = fileURLToPath(new URL(`${dir}/${name}/package.json`, import.meta.url));
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return '?';
}

/** Feeds rows to a sink: the first non-blank row is the header, blank rows are skipped, a BOM is dropped. */
function toRowFeed(sink: RowSink): (cells: string[]) => void {
  let header = true;
  return (cells) => {
    if (cells.length === 1 && cells[0] === '') return;
    if (header) {
      header = false;
      if (cells[0].charCodeAt(0) === 0xfeff) cells[0] = cells[0].slice(1);
      sink.header(cells);
    } else sink.cells(cells);
  };
}

function readPapa(papa: Papa, path: string, delimiter: string): RowReader {
  return (sink) =>
    new Promise((resolve, reject) => {
      const row = toRowFeed(sink);
      papa.parse(createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 }), {
        delimiter,
        chunk(results: { data: string[][] }) {
          for (const cells of results.data) row(cells);
        },
        complete: () => resolve(),
        error: reject,
      });
    });
}

function readUdsv(udsv: Udsv, path: string, delimiter: string): RowReader {
  return async (sink) => {
    const row = toRowFeed(sink);
    let parser: ReturnType<Udsv['initParser']> | null = null;
    for await (const text of createReadStream(path, {
      encoding: 'utf8',
      highWaterMark: 1 << 20,
    }) as AsyncIterable<string>) {
      if (!parser) {
        // uDSV takes the row separator from the header line and skips the header row itself.
        const schema = udsv.inferSchema(text, { col: delimiter, encl: '"', esc: '"' }) as { cols: { name: string }[] };
        row(schema.cols.map((c) => c.name));
        parser = udsv.initParser(schema);
      }
      parser.chunk(text, parser.stringArrs, row);
    }
    parser?.end();
  };
}

function readWhole(path: string, parse: (text: string, row: (cells: string[]) => void) => void): RowReader {
  return async (sink) => {
    const row = toRowFeed(sink);
    for await (const text of recordChunks(path)) parse(text, row);
  };
}

function readStream(
  path: string,
  create: () => NodeJS.ReadWriteStream,
  toCells: (record: unknown) => string[],
): RowReader {
  return async (sink) => {
    const row = toRowFeed(sink);
    const parser = createReadStream(path, { highWaterMark: 1 << 20 }).pipe(create());
    for await (const record of parser as AsyncIterable<unknown>) row(toCells(record));
  };
}

/**
 * The file as strings that each end just after a newline outside quotes (an even number of quotes
 * before it), so each can be parsed on its own. Quotes are counted with indexOf: one call per
 * chunk when the file has none.
 */
async function* recordChunks(path: string): AsyncGenerator<string> {
  let carry = '';
  for await (const text of createReadStream(path, {
    encoding: 'utf8',
    highWaterMark: 1 << 22,
  }) as AsyncIterable<string>) {
    const s = carry + text;
    let cut = s.lastIndexOf('\n');
    while (cut >= 0 && countQuotes(s, 0, cut) % 2 === 1) cut = s.lastIndexOf('\n', cut - 1);
    if (cut < 0) {
      carry = s;
      continue;
    }
    yield s.slice(0, cut + 1);
    carry = s.slice(cut + 1);
  }
  if (carry) yield carry;
}

function countQuotes(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = s.indexOf('"', from); i !== -1 && i < to; i = s.indexOf('"', i + 1)) n++;
  return n;
}
