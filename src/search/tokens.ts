// Substring lookup over the token vocabulary: FlexSearch over every token's 3-grams, short grams aside.
import { Index } from 'flexsearch';
import { shortGramId, type ShortGrams } from './grams.ts';

/** Ids of the tokens that contain `text` (no spaces) as a substring, in no particular order; read-only. */
export type TokenFinder = (text: string) => ArrayLike<number>;

const GRAM = 3;

/**
 * Builds the finder. Each token of three or more characters is added to FlexSearch once, as the
 * space-separated list of its distinct 3-grams, with an encoder that only splits on spaces
 * (FlexSearch's own encoders drop repeated letters and mangle numbers, and its tokenizers cannot find
 * infixes). FlexSearch is then a 3-gram → token-ids store:
 * - a term of one or two characters is answered exactly by the short-gram table;
 * - a term of three characters is one 3-gram, and its list is by construction exactly the tokens
 *   containing it;
 * - a longer term occurs only in tokens holding all of its 3-grams, so the shortest of those lists is a
 *   superset of the answer, and each candidate is checked with `includes`.
 * Lookups are by UTF-16 code unit, like `String.prototype.includes`. The lists FlexSearch returns for a
 * single gram are its own arrays: they are read, never modified.
 */
export function createTokenFinder(tokens: readonly string[], short: ShortGrams): TokenFinder {
  const index = new Index({
    tokenize: 'strict',
    resolution: 1,
    encode: (text: string) => text.split(' '),
  });
  tokens.forEach((token, id) => {
    if (token.length >= GRAM) index.add(id, trigrams(token).join(' '));
  });
  const limit = Math.max(tokens.length, 1);
  const lookup = (gram: string) => index.search(gram, { limit }) as readonly number[];
  return (text) => {
    if (text.length < GRAM) return shortGramTokens(short, text);
    if (text.length === GRAM) return lookup(text);
    let shortest: readonly number[] | null = null;
    for (const gram of trigrams(text)) {
      const ids = lookup(gram);
      if (ids.length === 0) return [];
      if (shortest === null || ids.length < shortest.length) shortest = ids;
    }
    const found: number[] = [];
    for (const id of shortest!) if (tokens[id]!.includes(text)) found.push(id);
    return found;
  };
}

function shortGramTokens(short: ShortGrams, text: string): ArrayLike<number> {
  const g = shortGramId(short, text);
  return g === undefined ? [] : short.tokens.values.subarray(short.tokens.offsets[g], short.tokens.offsets[g + 1]);
}

function trigrams(token: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i + GRAM <= token.length; i++) out.add(token.slice(i, i + GRAM));
  return [...out];
}
