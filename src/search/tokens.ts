// Substring lookup over the token vocabulary: a FlexSearch index of every token's 1-, 2- and 3-grams.
import { Index } from 'flexsearch';

/** Ids of the tokens that contain `text` (no spaces) as a substring, in no particular order. */
export type TokenFinder = (text: string) => readonly number[];

const GRAM = 3;

/**
 * Builds the finder. Each token is added to FlexSearch once, as the space-separated list of its distinct
 * 1-, 2- and 3-grams, with an encoder that only splits on spaces (FlexSearch's own encoders drop
 * repeated letters and mangle numbers, and its tokenizers cannot find infixes). A term of up to three
 * characters is one gram, looked up directly; a longer term is looked up as the intersection of its
 * 3-grams. Either way every token containing the term is among the candidates, and every candidate is
 * then checked with `includes`, so FlexSearch only ever narrows and never decides. Lookups are by
 * UTF-16 code unit, like `String.prototype.includes`.
 */
export function createTokenFinder(tokens: readonly string[]): TokenFinder {
  const index = new Index({
    tokenize: 'strict',
    resolution: 1,
    encode: (text: string) => text.split(' '),
  });
  tokens.forEach((token, id) => index.add(id, grams(token, 1, GRAM).join(' ')));
  const limit = Math.max(tokens.length, 1);
  return (text) => {
    const query = text.length <= GRAM ? text : grams(text, GRAM, GRAM).join(' ');
    const candidates = index.search(query, { limit }) as number[];
    return candidates.filter((id) => tokens[id]!.includes(text));
  };
}

function grams(token: string, min: number, max: number): string[] {
  const out = new Set<string>();
  for (let n = min; n <= max; n++) {
    for (let i = 0; i + n <= token.length; i++) out.add(token.slice(i, i + n));
  }
  return [...out];
}
