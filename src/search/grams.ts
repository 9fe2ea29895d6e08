// Short grams: every 1- and 2-character substring of the tokens, with the tokens and sources holding it.
import { createIntList, pushInt, toRows, type Rows } from './rows.ts';

/**
 * A term of one or two characters occurs in a large share of the tokens, so neither an n-gram lookup
 * plus verification nor collecting its sources token by token is cheap; both answers are precomputed
 * here, exactly (a gram is listed under every token that contains it). Row g of `tokens` and of
 * `sources` belongs to the gram whose id is g.
 */
export type ShortGrams = { ids: ReadonlyMap<number, number>; tokens: Rows; sources: Rows };

/** The id of a 1- or 2-character gram in `short`, or undefined when no token holds it. */
export function shortGramId(short: ShortGrams, text: string): number | undefined {
  return short.ids.get(gramKey(text, 0, text.length));
}

// A gram as a number (its UTF-16 code units), so building the table allocates no strings.
function gramKey(s: string, at: number, n: number): number {
  return n === 1 ? s.charCodeAt(at) : 65536 * (s.charCodeAt(at) + 1) + s.charCodeAt(at + 1);
}

/** Lists, for every 1- and 2-character gram of the tokens, the tokens and the sources that hold it. */
export function buildShortGrams(tokens: readonly string[], tokenSources: Rows, sourceCount: number): ShortGrams {
  const ids = new Map<number, number>();
  const lastToken = createIntList(); // gram → the last token that listed it
  const pairGram = createIntList(),
    pairToken = createIntList();
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t]!;
    for (let i = 0; i < token.length; i++) {
      for (let n = 1; n <= 2 && i + n <= token.length; n++) {
        const key = gramKey(token, i, n);
        let g = ids.get(key);
        if (g === undefined) {
          ids.set(key, (g = ids.size));
          pushInt(lastToken, -1);
        }
        if (lastToken.items[g] === t) continue;
        lastToken.items[g] = t;
        pushInt(pairGram, g);
        pushInt(pairToken, t);
      }
    }
  }
  const gramTokens = toRows(ids.size, pairGram, pairToken);
  return { ids, tokens: gramTokens, sources: unionSources(gramTokens, tokenSources, sourceCount) };
}

function unionSources(gramTokens: Rows, tokenSources: Rows, sourceCount: number): Rows {
  const grams = gramTokens.offsets.length - 1;
  const lastGram = new Int32Array(sourceCount).fill(-1);
  const rows = createIntList(),
    values = createIntList();
  for (let g = 0; g < grams; g++) {
    for (let k = gramTokens.offsets[g]; k < gramTokens.offsets[g + 1]; k++) {
      const t = gramTokens.values[k];
      for (let j = tokenSources.offsets[t]; j < tokenSources.offsets[t + 1]; j++) {
        const s = tokenSources.values[j];
        if (lastGram[s] !== g) {
          lastGram[s] = g;
          pushInt(rows, g);
          pushInt(values, s);
        }
      }
    }
  }
  return toRows(grams, rows, values);
}
