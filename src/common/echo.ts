// Input as error messages echo it: cut to 80 characters, invisible characters written as escapes.

/** How many characters of one piece of input a message may echo (`...` included). */
export const ECHO_MAX = 80;

// Control, format, separator and lone-surrogate characters: what a terminal or a log line would
// act on or hide. Each is written as an escape, so the echo stays one visible line.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/**
 * A value as a message shows it: JSON-like (strings quoted), at most `max` characters (`...` ends a
 * cut one). Arrays and objects are walked with an explicit stack that stops once the text is full,
 * so no nesting depth or size of input can overflow the call stack or take long.
 */
export function toEcho(v: unknown, max = ECHO_MAX): string {
  const out = createWriter(max);
  type Frame = { close: string; items: Iterator<[string | null, unknown]>; first: boolean };
  const stack: Frame[] = [];
  const open = (x: unknown): void => {
    if (Array.isArray(x)) {
      out.push('[');
      stack.push({ close: ']', items: toItems(x), first: true });
    } else if (x instanceof Map) {
      out.push('{');
      stack.push({ close: '}', items: toEntries(x.entries()), first: true });
    } else {
      out.push('{');
      stack.push({ close: '}', items: toEntries(Object.entries(x as object).values()), first: true });
    }
  };
  const scalar = (x: unknown): boolean => {
    if (typeof x === 'string') pushString(out, x, true);
    else if (x instanceof Date) pushString(out, Number.isNaN(x.getTime()) ? 'Invalid Date' : x.toISOString(), true);
    else if (typeof x === 'object' && x !== null) return false;
    else out.push(String(x));
    return true;
  };
  if (!scalar(v)) open(v);
  while (stack.length > 0 && !out.full) {
    const frame = stack[stack.length - 1];
    const next = frame.items.next();
    if (next.done) {
      stack.pop();
      out.push(frame.close);
      continue;
    }
    if (!frame.first) out.push(',');
    frame.first = false;
    const [key, item] = next.value;
    if (key !== null) {
      pushString(out, key, true);
      out.push(':');
    }
    if (!scalar(item)) open(item);
  }
  return out.done();
}

/** A piece of text echoed bare (a path, a name), cut and escaped like `toEcho`, without quotes. */
export function toEchoText(s: string, max = ECHO_MAX): string {
  const out = createWriter(max);
  pushString(out, s, false);
  return out.done();
}

function* toItems(list: unknown[]): Generator<[null, unknown]> {
  for (const item of list) yield [null, item];
}

function* toEntries(entries: Iterator<[unknown, unknown]>): Generator<[string, unknown]> {
  for (let e = entries.next(); !e.done; e = entries.next()) yield [String(e.value[0]), e.value[1]];
}

/** Appends a string one character (or escape) at a time, never past the writer's bound. */
function pushString(out: Writer, s: string, quoted: boolean): void {
  if (quoted) out.push('"');
  for (const ch of s) {
    if (out.full) return;
    if (quoted && (ch === '"' || ch === '\\')) out.push(`\\${ch}`);
    else if (INVISIBLE.test(ch)) out.push(SHORT[ch] ?? toUnicodeEscape(ch));
    else out.push(ch);
  }
  if (quoted) out.push('"');
}

/** `\uXXXX` for each UTF-16 unit of a character (as JSON writes it). */
function toUnicodeEscape(ch: string): string {
  let s = '';
  for (let i = 0; i < ch.length; i++) s += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return s;
}

type Writer = { push(unit: string): void; readonly full: boolean; done(): string };

/**
 * Collects units (a character or an escape, never split) up to `max` characters; past it, `done`
 * drops whole units until `...` fits.
 */
function createWriter(max: number): Writer {
  const units: string[] = [];
  let length = 0;
  return {
    push(unit) {
      if (length > max) return;
      units.push(unit);
      length += unit.length;
    },
    get full() {
      return length > max;
    },
    done() {
      if (length <= max) return units.join('');
      while (length > max - 3 && units.length > 0) length -= units.pop()!.length;
      return `${units.join('')}...`;
    },
  };
}

/** A list of names as a message shows it: the first `n`, each echoed (quoted, or bare with `toEchoText`), then how many more. */
export function toEchoList(names: readonly string[], echo: (name: string) => string = toEcho, n = 10): string {
  const shown = names.slice(0, n).map((name) => echo(name));
  return names.length > n ? `${shown.join(', ')} and ${names.length - n} more` : shown.join(', ');
}
