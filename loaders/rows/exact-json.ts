// An exact JSON parser: integers beyond 2^53 stay bigint, objects keep their key order, and syntax
// errors carry their offset. Used only when JSON.parse is not enough: to keep big integers exact, to
// keep the source order of integer-like keys (JS objects list those first), or to locate an error.

/** A JSON syntax error at a character offset of the text. */
export type JsonSyntaxError = { offset: number; reason: string };

const MAX_EXACT = 2n ** 53n;

/** Parses JSON text; objects become Maps in source key order, plain integers beyond ±2^53 bigints. Throws a JsonSyntaxError object. */
export function parseJsonExact(text: string): unknown {
  let i = 0;
  const fail = (reason: string): never => {
    throw { offset: i, reason } satisfies JsonSyntaxError;
  };
  const space = () => {
    for (let c = text.charCodeAt(i); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++i));
  };
  const found = () => (i >= text.length ? 'end of input' : `'${text[i]}'`);

  function value(): unknown {
    space();
    const c = text[i];
    if (c === '{') return object();
    if (c === '[') return array();
    if (c === '"') return string();
    if (c === '-' || (c >= '0' && c <= '9')) return number();
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    return fail(`unexpected ${found()}`);
  }

  function object(): Map<string, unknown> {
    const out = new Map<string, unknown>();
    i++;
    space();
    if (text[i] === '}') {
      i++;
      return out;
    }
    for (;;) {
      space();
      if (text[i] !== '"') fail(`expected a double-quoted property name, found ${found()}`);
      const key = string();
      space();
      if (text[i] !== ':') fail(`expected ':' after a property name, found ${found()}`);
      i++;
      out.set(key, value());
      space();
      if (text[i] === '}') {
        i++;
        return out;
      }
      if (text[i] !== ',') fail(`expected ',' or '}' in an object, found ${found()}`);
      i++;
    }
  }

  function array(): unknown[] {
    const out: unknown[] = [];
    i++;
    space();
    if (text[i] === ']') {
      i++;
      return out;
    }
    for (;;) {
      out.push(value());
      space();
      if (text[i] === ']') {
        i++;
        return out;
      }
      if (text[i] !== ',') fail(`expected ',' or ']' in an array, found ${found()}`);
      i++;
    }
  }

  function string(): string {
    const start = i++;
    for (;;) {
      const c = text.charCodeAt(i);
      if (i >= text.length) fail('unterminated string');
      if (c === 34) break;
      if (c < 32) fail('control character in a string (escape it)');
      i += c === 92 ? 2 : 1;
    }
    i++;
    try {
      return JSON.parse(text.slice(start, i)) as string;
    } catch {
      i = start;
      return fail('invalid escape in a string');
    }
  }

  function number(): number | bigint {
    const start = i;
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (text[i] >= '1' && text[i] <= '9') while (text[i] >= '0' && text[i] <= '9') i++;
    else fail(`invalid number: expected a digit, found ${found()}`);
    const integral = i;
    if (text[i] === '.') {
      i++;
      if (!(text[i] >= '0' && text[i] <= '9')) fail(`invalid number: expected a digit after '.', found ${found()}`);
      while (text[i] >= '0' && text[i] <= '9') i++;
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (!(text[i] >= '0' && text[i] <= '9')) fail(`invalid number: expected an exponent digit, found ${found()}`);
      while (text[i] >= '0' && text[i] <= '9') i++;
    }
    const token = text.slice(start, i);
    if (i === integral && integral - start > 15) {
      const big = BigInt(token);
      return big >= -MAX_EXACT && big <= MAX_EXACT ? Number(big) : big;
    }
    return Number(token);
  }

  const result = value();
  space();
  if (i < text.length) fail(`unexpected ${found()} after the JSON value`);
  return result;
}

/** Where a JSON.parse failure is: the exact parser's offset and reason, with line and column (1-based). */
export function locateJsonError(text: string, fallback: string): { line: number; column: number; reason: string } {
  let offset = 0,
    reason = fallback;
  try {
    parseJsonExact(text);
  } catch (err) {
    if (err instanceof RangeError) reason = 'nested too deeply';
    else ({ offset, reason } = err as JsonSyntaxError);
  }
  let line = 1,
    lineStart = 0;
  for (let k = text.indexOf('\n'); k !== -1 && k < offset; k = text.indexOf('\n', k + 1)) {
    line++;
    lineStart = k + 1;
  }
  return { line, column: offset - lineStart + 1, reason };
}
