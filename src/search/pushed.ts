// Which terms of a query a pushed value search sends to the engine (API.md §14 Search, docs/engines.md).
import type { ValueTerm } from '../contract/tasks.ts';
import type { ParsedQuery } from './query.ts';

/**
 * Hits of pushed value searches: field id → the indices (into `q.terms`) of the terms that some
 * value of that field matches. They are added to what the index finds in the field's own values.
 */
export type ValueHits = ReadonlyMap<number, ReadonlySet<number>>;

/**
 * The terms of `q` to send, with their indices. Every term is sent unless `asciiOnly`: then the
 * engine searches only values made of ASCII characters, whose normalised form is ASCII too, so a
 * term holding any other character cannot match one and is not sent.
 */
export function toValueTerms(q: ParsedQuery, asciiOnly: boolean): { terms: ValueTerm[]; at: number[] } {
  const terms: ValueTerm[] = [];
  const at: number[] = [];
  q.terms.forEach((t, i) => {
    if (asciiOnly && !isAscii(t.text)) return;
    terms.push({ text: t.text, phrase: t.phrase });
    at.push(i);
  });
  return { terms, at };
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}
