// The delimited-text tokenizer over decoded strings: kept to name the row and column of malformed input exactly.
import { toEcho } from '../../src/common/echo.ts';
import { isAscii, isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { LoadError } from '../core/errors.ts';
import type { RowReader, RowSink } from './to-columns.ts';

/** A tokenizer's state: the header once read (null before), data rows so far, and one reused cell array. */
type Tokens = {
  file: string;
  sink: RowSink;
  delimiter: string;
  newline: string;
  header: string[] | null;
  rows: number;
  cells: string[];
};

/**
 * Reads a delimited file in 1 MiB chunks. Each chunk must be UTF-8 (checked by simdutf through
 * `isAscii`/`isUtf8`, then decoded by V8); the 0-3 bytes of a character cut at a chunk's end wait
 * for the next chunk. The text is tokenized record by record and an incomplete last record waits
 * for more text, so at most one chunk of text plus one record is alive: a file is never one string.
 */
export function readDelimitedText(path: string, delimiter: string): RowReader {
  const file = basename(path);
  return async (sink) => {
    const t: Tokens = { file, sink, delimiter, newline: '', header: null, rows: 0, cells: [] };
    let carry = '',
      retryAt = 0,
      offset = 0;
    let cut: Buffer | null = null;
    try {
      for await (const read of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
        const chunk: Buffer = cut ? Buffer.concat([cut, read]) : read;
        const end = wholeCharsEnd(chunk);
        cut = end < chunk.length ? Buffer.from(chunk.subarray(end)) : null;
        const text = carry + decode(t, carry, chunk.subarray(0, end), offset);
        offset += end;
        // A record longer than a chunk is retried only once the text has doubled, so it costs linear time.
        if (text.length < retryAt) {
          carry = text;
          continue;
        }
        const at = parseRecords(t, text, false);
        carry = text.slice(at);
        retryAt = at === 0 ? text.length * 2 : 0;
      }
    } catch (err) {
      if (err instanceof LoadError) throw err;
      throw new LoadError(`${file}: cannot be read: ${(err as Error).message}`);
    }
    parseRecords(t, carry + (cut ? decode(t, carry, cut, offset) : ''), true);
    if (!t.header) throw new LoadError(`${file} is empty: expected a header row naming the columns.`);
  };
}

/**
 * Parses the complete records of `text` into the sink; returns where the first incomplete one
 * starts (`final`: the text ends the file, so every record is complete). Cells are found with
 * indexOf and cut with slice, the way uDSV does it, but every record is checked: a quote must close
 * and be followed by a delimiter or line end, and each row must have as many cells as the header.
 */
function parseRecords(t: Tokens, text: string, final: boolean): number {
  let pos = 0;
  if (!t.newline) {
    if (text.charCodeAt(0) === 0xfeff) pos = 1; // a byte order mark
    t.newline = text.includes('\n') || !text.includes('\r') ? '\n' : '\r';
  }
  const n = text.length,
    d = t.delimiter,
    dc = d.charCodeAt(0),
    lf = t.newline,
    crlf = lf === '\n';
  const cells = t.cells;
  let nextDelim = -1;
  while (pos < n) {
    const start = pos;
    let nl = text.indexOf(lf, pos);
    if (nl === -1) {
      if (!final) return start;
      nl = n;
    }
    if (pos === nl || (crlf && nl === pos + 1 && text.charCodeAt(pos) === 13)) {
      pos = nl + 1;
      continue;
    } // a blank line
    let col = 0,
      more = true;
    while (more) {
      if (text.charCodeAt(pos) === 34) {
        let q = text.indexOf('"', pos + 1),
          escaped = false;
        while (q !== -1 && text.charCodeAt(q + 1) === 34) {
          escaped = true;
          q = text.indexOf('"', q + 2);
        }
        if (q === -1 || (q + 1 === n && !final)) {
          if (!final) return start;
          throw quoteError(t, 'Quoted field unterminated');
        }
        const cell = text.slice(pos + 1, q);
        cells[col++] = escaped ? cell.replaceAll('""', '"') : cell;
        let k = q + 1;
        while (text.charCodeAt(k) === 32) k++; // spaces between a closing quote and the delimiter
        if (k > nl) {
          nl = text.indexOf(lf, k);
          if (nl === -1) {
            if (!final) return start;
            nl = n;
          }
        }
        const c = text.charCodeAt(k);
        if (c === dc) pos = k + 1;
        else if (k === nl || (crlf && c === 13 && k + 1 === nl)) more = false;
        else if (k === n && !final) return start;
        else throw quoteError(t, 'Trailing quote on quoted field is malformed');
      } else {
        if (nextDelim < pos) {
          nextDelim = text.indexOf(d, pos);
          if (nextDelim === -1) nextDelim = n;
        }
        if (nextDelim < nl) {
          cells[col++] = text.slice(pos, nextDelim);
          pos = nextDelim + 1;
        } else {
          cells[col++] = text.slice(pos, crlf && nl > pos && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl);
          more = false;
        }
      }
    }
    pos = nl + 1;
    if (t.header === null) {
      t.header = cells.slice(0, col);
      t.sink.header(t.header);
      continue;
    }
    t.rows++;
    if (col !== t.header.length) throw fieldCountError(t.file, t.rows, t.header.length, col);
    t.sink.cells(cells);
  }
  return n;
}

// The end of the last whole character in `b`: a cut multi-byte character's first bytes are left out.
function wholeCharsEnd(b: Buffer): number {
  const n = b.length;
  for (let i = n - 1; i >= 0 && i >= n - 4; i--) {
    const c = b[i];
    if ((c & 0xc0) === 0x80) continue;
    const size = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    return i + size <= n ? n : i;
  }
  return n;
}

/**
 * The text of `b`, which follows `carry` and starts at byte `offset` of the file. Invalid UTF-8 is a
 * LoadError naming the row and column it falls in: the rows before it are parsed to find them.
 */
function decode(t: Tokens, carry: string, b: Buffer, offset: number): string {
  // ASCII (checked by simdutf) copies straight into a one-byte string: faster than decoding UTF-8.
  if (isAscii(b)) return b.toString('latin1');
  if (isUtf8(b)) return b.toString('utf8');
  const bad = Math.max(0, firstInvalid(b));
  const text = carry + b.toString('utf8', 0, bad);
  const column = columnOf(text.slice(parseRecords(t, text, false)), t.delimiter.charCodeAt(0));
  const name = t.header?.[column];
  const where =
    t.header === null
      ? `header row, column ${column + 1}`
      : `row ${t.rows + 1}, column ${name === undefined ? column + 1 : toEcho(name)}`;
  const bytes = [...b.subarray(bad, bad + 4)].map((x) => `0x${x.toString(16).padStart(2, '0')}`).join(' ');
  throw new LoadError(
    `${t.file} ${where}: invalid UTF-8 (bytes ${bytes} at byte ${offset + bad} of the file). Save the file as UTF-8.`,
  );
}

/** The offset of the first byte that does not begin a well-formed UTF-8 character (RFC 3629), or -1. */
export function firstInvalid(b: Uint8Array): number {
  for (let i = 0; i < b.length; ) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    const more = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
    // The second byte's range excludes overlong forms (E0, F0), surrogates (ED) and code points past U+10FFFF (F4).
    const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80,
      hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    if (more === 0 || !(b[i + 1] >= lo && b[i + 1] <= hi)) return i;
    for (let k = 2; k <= more; k++) if ((b[i + k] & 0xc0) !== 0x80) return i;
    i += more + 1;
  }
  return -1;
}

// The index of the cell that the unfinished record `partial` has reached.
function columnOf(partial: string, dc: number): number {
  let column = 0,
    quoted = false;
  for (let i = 0; i < partial.length; i++) {
    const c = partial.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (c === dc && !quoted) column++;
  }
  return column;
}

function quoteError(t: Tokens, message: string): LoadError {
  const where = t.header === null ? 'header row' : `row ${t.rows + 1}`;
  return new LoadError(
    `${t.file} ${where}: ${message}. A quoted field must end with a quote, and quotes inside it must be doubled ("").`,
  );
}

function fieldCountError(file: string, row: number, width: number, found: number): LoadError {
  return new LoadError(
    `${file} row ${row}: expected ${width} fields (one per header column) but found ${found}. Quote values that contain the delimiter, and check for missing or extra delimiters.`,
  );
}
