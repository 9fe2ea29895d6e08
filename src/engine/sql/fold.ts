// src/common/fold.ts as SQL: a text column folded (lower case, accents removed) exactly as Sorrel folds, for iexact and icontains.
import { fold } from '../../common/fold.ts';
import { toSqlString } from './literal.ts';

// Why not positionCaseInsensitiveUTF8: it folds case one code point at a time and keeps accents
// ('é' never matches 'e'), while our fold removes every combining mark after canonical
// decomposition. ClickHouse 18.16 has no normalisation function, so we rebuild ours from its
// parts. Checked over every code point (test/engine/sql-fold.test.ts): fold(s) is the
// concatenation of fold(c) over the code points c of s, except for 'Σ', whose lower case is 'ς'
// at the end of a word (Unicode's Final_Sigma) and 'σ' elsewhere. So the SQL form is
//   1. when the needle has σ or ς: decide each 'Σ' by its neighbours, as ICU does;
//   2. remove every combining mark (fold(mark) = '');
//   3. map each code point c with fold(c) ≠ c to fold(c) — only those that can take part in a
//      match: c is in the needle, or fold(c) shares a code point with it. Any other c stays; it
//      and fold(c) both break a match at that place, so the answer is the same.
// The classes and the map come from the JavaScript engine's own Unicode tables at first use, so
// the two sides never disagree on a newer Unicode version.

type Tables = { map: Map<string, string>; marks: string; cased: string; ignorable: string };
let tables: Tables | null = null;

function toTables(): Tables {
  if (tables !== null) return tables;
  const map = new Map<string, string>();
  const marks: number[] = [];
  const cased: number[] = [];
  const ignorable: number[] = [];
  const isMark = /^\p{M}$/u;
  const isCased = /^\p{Cased}$/u;
  const isIgnorable = /^\p{Case_Ignorable}$/u;
  for (let cp = 0; cp <= 0x10ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    if (isMark.test(c)) marks.push(cp);
    else {
      const f = fold(c);
      if (f !== c) map.set(c, f);
    }
    const ign = isIgnorable.test(c);
    if (ign) ignorable.push(cp);
    else if (isCased.test(c)) cased.push(cp);
  }
  tables = { map, marks: toClass(marks), cased: toClass(cased), ignorable: toClass(ignorable) };
  return tables;
}

/** A regular-expression class (re2 syntax) of sorted code points, as ranges. */
function toClass(cps: number[]): string {
  const hex = (cp: number) => `\\x{${cp.toString(16)}}`;
  let out = '';
  for (let i = 0; i < cps.length; ) {
    let j = i;
    while (j + 1 < cps.length && cps[j + 1] === cps[j] + 1) j++;
    out += i === j ? hex(cps[i]) : `${hex(cps[i])}-${hex(cps[j])}`;
    i = j + 1;
  }
  return `[${out}]`;
}

/**
 * `column` (a String expression) folded as far as matching `needle` needs; `needle` must already
 * be folded (fold(needle) === needle). `position(result, needle) > 0` is then exactly
 * fold(s).includes(needle), and `result = needle` exactly fold(s) === needle.
 */
export function toSqlFold(column: string, needle: string): string {
  const t = toTables();
  let expr = column;
  if (needle.includes('σ') || needle.includes('ς')) {
    // A 'Σ' followed (after case-ignorable characters) by a cased letter is 'σ'; two passes,
    // since one match consumes the letter after it, which may be the next 'Σ'. Of the rest, one
    // preceded by a cased letter is final: 'ς'. Any 'Σ' left is 'σ' (step 3).
    const follows = toSqlString(`Σ(${t.ignorable}*${t.cased})`);
    expr = `replaceRegexpAll(${expr}, ${follows}, 'σ\\\\1')`;
    expr = `replaceRegexpAll(${expr}, ${follows}, 'σ\\\\1')`;
    expr = `replaceRegexpAll(${expr}, ${toSqlString(`(${t.cased}${t.ignorable}*)Σ`)}, '\\\\1ς')`;
  }
  expr = `replaceRegexpAll(${expr}, ${toSqlString(t.marks)}, '')`;
  const inNeedle = new Set(needle);
  const byTarget = new Map<string, string[]>();
  for (const [c, f] of t.map) {
    if (!inNeedle.has(c) && ![...f].some((x) => inNeedle.has(x))) continue;
    const list = byTarget.get(f);
    if (list === undefined) byTarget.set(f, [c]);
    else list.push(c);
  }
  const groups = [...byTarget].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (groups.length <= 16) {
    for (const [target, from] of groups) {
      const cls = toClass(from.map((c) => c.codePointAt(0)!).sort((a, b) => a - b));
      expr = `replaceRegexpAll(${expr}, ${toSqlString(cls)}, ${toSqlString(target.replaceAll('\\', '\\\\'))})`;
    }
    return expr;
  }
  // Many targets (a Hangul syllable decomposes into its own jamo): one pass over the code points.
  // An array cannot be Nullable, so a null stays null around the split of a non-null string.
  const from = groups.flatMap(([, cs]) => cs);
  const to = groups.flatMap(([f, cs]) => cs.map(() => f));
  const list = (xs: string[]) => `[${xs.map(toSqlString).join(', ')}]`;
  const mapped = `arrayMap(sorrel_cp -> transform(sorrel_cp, ${list(from)}, ${list(to)}, sorrel_cp), extractAll(assumeNotNull(${expr}), '(?s).'))`;
  return `if(isNull(${expr}), NULL, arrayStringConcat(${mapped}))`;
}
