// Content negotiation: which representation an `Accept` header asks of a route that has an Arrow body (API.md §16).

/** The media type of an Arrow IPC stream body. */
export const ARROW_STREAM = 'application/vnd.apache.arrow.stream';

/** A body's representation: JSON (the default, and every error) or an Arrow IPC stream. */
export type Representation = 'json' | 'arrow';

type Range = { type: string; subtype: string; q: number };

/**
 * The representation an `Accept` header prefers: Arrow when the header names
 * `application/vnd.apache.arrow.stream` itself with a q above 0 and at least JSON's q (JSON's q is
 * that of its most specific matching range: `application/json`, `application/*`, `*∕*`); JSON
 * otherwise, including no header, a header that does not parse, and one that accepts Arrow only
 * through a wildcard (a browser's `*∕*` keeps JSON). RFC 9110 §12.5.1: a range's parameters other
 * than q are ignored here, q is 0..1 with up to three decimals.
 */
export function toRepresentation(accept: string | undefined): Representation {
  if (accept === undefined || !/arrow/i.test(accept)) return 'json';
  const ranges = parseAccept(accept);
  const arrow = ranges.find((r) => r.type === 'application' && r.subtype === 'vnd.apache.arrow.stream');
  if (!arrow || arrow.q <= 0) return 'json';
  return arrow.q >= qualityOf(ranges, 'application', 'json') ? 'arrow' : 'json';
}

/** The q of the most specific range matching type/subtype (0 when none does). */
function qualityOf(ranges: Range[], type: string, subtype: string): number {
  let best = -1;
  let q = 0;
  for (const r of ranges) {
    const rank =
      r.type === type && r.subtype === subtype ? 2 : r.type === type && r.subtype === '*' ? 1 : r.type === '*' ? 0 : -1;
    if (rank > best) {
      best = rank;
      q = r.q;
    }
  }
  return q;
}

/** The media ranges of an Accept header, lower-cased; a range that does not parse is skipped. */
function parseAccept(accept: string): Range[] {
  const out: Range[] = [];
  for (const part of accept.split(',')) {
    const [media, ...params] = part.split(';');
    const m = /^\s*([a-z0-9!#$%&'*+.^_`|~-]+)\/([a-z0-9!#$%&'*+.^_`|~-]+)\s*$/i.exec(media);
    if (!m) continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split('=').map((s) => s.trim());
      if (k.toLowerCase() !== 'q') continue;
      q = /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(v ?? '') ? Number(v) : -1;
    }
    if (q < 0) continue;
    out.push({ type: m[1].toLowerCase(), subtype: m[2].toLowerCase(), q });
  }
  return out;
}
