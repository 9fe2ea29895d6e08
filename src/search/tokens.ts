// Substring lookup over the token vocabulary: a FlexSearch index of every token's 1-, 2- and 3-grams.
import { Index } from 'flexsearch';

/** Ids of the tokens that contain `text` (no spaces) as a substring, in no particular order. */
export type TokenFinder = (text: string) => readonly number[];

const GRAM = 3;

/**
 * Builds the finder. Each token is added to FlexSearch once, as the space-separated list of its distinct
 * 1-, 2- and 3-grams, with an encoder that only splits on spaces (FlexSearch's own encoders drop
 * repeated letters and mangle numbers, and its tokenizers cannot find infixes). FlexSearch is then a
 * gram → token-ids store:
 * - a term of up to three characters is itself one gram, and its list is by construction exactly the
 *   tokens containing it;
 * - a longer term occurs only in tokens holding all of its 3-grams, so the shortest of those lists is a
 *   superset of the answer, and each candidate is checked with `includes`.
 * Lookups are by UTF-16 code unit, like `String.prototype.includes`. The lists FlexSearch returns for a
 * single gram are its own arrays: they are read, never modified.
 */
export function createTokenFinder(tokens: readonly string[]): TokenFinder {
  const index = new Index({
    tokenize: 'strict',
    resolution: 1,
    encode: (text: string) => text.split(' '),
  });
  tokens.forEach((token, id) => index.add(id, grams(token, 1, GRAM).join(' ')));
  const limit = Math.max(tokens.length, 1);
  const lookup = (gram: string) => index.search(gram, { limit }) as readonly number[];
  return (text) => {
    if (text.length <= GRAM) return lookup(text);
    let shortest: readonly number[] | null = null;
    for (const gram of grams(text, GRAM, GRAM)) {
      const ids = lookup(gram);
      if (shortest === null || ids.length < shortest.length) shortest = ids;
      if (ids.length === 0) return [];
    }
    const found: number[] = [];
    for (const id of shortest!) if (tokens[id]!.includes(text)) found.push(id);
    return found;
  };
}

function grams(token: string, min: number, max: number): string[] {
  const out = new Set<string>();
  for (let n = min; n <= max; n++) {
    for (let i = 0; i + n <= token.length; i++) out.add(token.slice(i, i + n));
  }
  return [...out];
}
