// Text normalisation and word-character tests shared by the query parser, the matcher and the index.
import { fold } from '../common/fold.ts';

const PLAIN = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;
const SPACES = /\s+/g;
const WORD = /^[\p{L}\p{N}]$/u;

/** Lower-cases, strips accents (NFD, combining marks removed), collapses whitespace to single spaces and trims. */
export function normalizeText(s: string): string {
  // Fast path: printable ASCII with single inner spaces only needs lower-casing.
  if (PLAIN.test(s)) return s.toLowerCase();
  return fold(s).replace(SPACES, ' ').trim();
}

/** Whether the character at code-unit index `i` of `s` is a letter or a digit (surrogate pairs read whole). */
export function isWordAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
  const lowSurrogate = c >= 0xdc00 && c <= 0xdfff;
  const start = lowSurrogate && i > 0 && isHighSurrogate(s.charCodeAt(i - 1)) ? i - 1 : i;
  return WORD.test(String.fromCodePoint(s.codePointAt(start)!));
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}
