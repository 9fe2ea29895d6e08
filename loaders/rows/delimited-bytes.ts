// The delimited-text tokenizer over UTF-8 bytes: records → cell byte ranges (CellBlock), no string per cell.
import type { CellBlock } from './builder.ts';

/** A tokenizer's state across buffers: the header once read, and the block of rows being filled. */
export type ByteTokens = {
  delimiter: number;
  /** The line end byte (LF, or CR for files with lone CR line ends); 0 until the first buffer. */
  newline: number;
  header: string[] | null;
  /** Set when a record breaks a rule: the text reader then re-reads the file for the precise error. */
  malformed: boolean;
  block: CellBlock;
};

/** A tokenizer for `delimiter` (one ASCII character). */
export function createByteTokens(delimiter: string): ByteTokens {
  const block = { bytes: Buffer.alloc(0), bounds: new Int32Array(1 << 14), texts: [], width: 0, rows: 0 };
  return { delimiter: delimiter.charCodeAt(0), newline: 0, header: null, malformed: false, block };
}

/**
 * Reads the complete records of `b[from..n)` into `t.block` (rows counted from 0; the header row is
 * kept in `t.header`) and returns where the first incomplete one starts (`final`: `b` ends the
 * file). It follows the text tokenizer rule for rule (delimited-text.ts): a quote opens a field only
 * as its first character, must close and be followed by spaces then a delimiter or line end; a CR
 * before LF ends the last field; blank lines are skipped. A record that breaks a rule stops it with
 * `t.malformed` set, the rows before it in the block.
 */
export function tokenize(t: ByteTokens, b: Buffer, from: number, n: number, final: boolean): number {
  const block = t.block,
    dc = t.delimiter,
    lf = t.newline,
    crlf = lf === 10;
  block.bytes = b;
  block.rows = 0;
  let bounds = block.bounds,
    pos = from;
  while (pos < n) {
    const start = pos;
    const first = b[pos];
    if (first === lf) {
      pos++;
      continue;
    }
    if (crlf && first === 13 && (pos + 1 === n ? final : b[pos + 1] === 10)) {
      pos += 2; // a blank line
      continue;
    }
    if (crlf && first === 13 && pos + 1 === n) return start;
    const base = block.rows * block.width;
    let col = 0;
    for (;;) {
      const k = 2 * (base + col);
      if (k + 2 > bounds.length) {
        const next = new Int32Array(bounds.length * 2);
        next.set(bounds);
        bounds = block.bounds = next;
      }
      if (b[pos] === 34) {
        let q = pos + 1,
          escaped = false;
        for (;;) {
          while (q < n && b[q] !== 34) q++;
          if (q + 1 < n && b[q + 1] === 34) {
            escaped = true;
            q += 2;
          } else break;
        }
        if (q >= n || (q + 1 === n && !final)) {
          if (!final) return start;
          return malformed(t, start);
        }
        bounds[k] = pos + 1;
        bounds[k + 1] = q;
        if (escaped) {
          bounds[k + 1] = -1;
          block.texts[k >> 1] = textOf(b, pos + 1, q).replaceAll('""', '"');
        }
        let j = q + 1;
        while (j < n && b[j] === 32) j++; // spaces between a closing quote and the delimiter
        const c = b[j];
        if (j < n && c === dc) {
          pos = j + 1;
          col++;
          continue;
        }
        if (j === n) {
          if (!final) return start;
          pos = n;
        } else if (c === lf) pos = j + 1;
        else if (crlf && c === 13 && j + 1 === n) {
          if (!final) return start;
          pos = n;
        } else if (crlf && c === 13 && b[j + 1] === 10) pos = j + 2;
        else return malformed(t, start);
        break;
      }
      let j = pos;
      while (j < n) {
        const c = b[j];
        if (c === dc || c === lf) break;
        j++;
      }
      if (j < n && b[j] === dc) {
        bounds[k] = pos;
        bounds[k + 1] = j;
        pos = j + 1;
        col++;
        continue;
      }
      if (j === n && !final) return start;
      bounds[k] = pos;
      bounds[k + 1] = crlf && j > pos && b[j - 1] === 13 ? j - 1 : j;
      pos = j + 1;
      break;
    }
    if (t.header === null) {
      t.header = Array.from({ length: col + 1 }, (_, c) => cellOf(block, b, c));
      block.width = col + 1;
      continue;
    }
    if (col + 1 !== block.width) return malformed(t, start);
    block.rows++;
  }
  return Math.min(pos, n);
}

function malformed(t: ByteTokens, at: number): number {
  t.malformed = true;
  return at;
}

function cellOf(block: CellBlock, b: Buffer, c: number): string {
  const end = block.bounds[2 * c + 1];
  return end < 0 ? block.texts[c] : textOf(b, block.bounds[2 * c], end);
}

/** The text of `b[start..end)`, checked UTF-8. */
export function textOf(b: Buffer, start: number, end: number): string {
  return b.toString('utf8', start, end);
}
