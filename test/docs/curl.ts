// Test helper: reads a documented curl command (the options the docs use, nothing else) and runs it with fetch.

/** What a curl command asks for. */
export type CurlRequest = {
  method: string;
  /** The URL as written, `localhost:8000/…` (the runner points it at the test server). */
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** `-i`: print the status line and headers before the body; `-I`: a HEAD request, headers only. */
  show: 'body' | 'head+body' | 'head';
};

/**
 * Splits a command into words as a POSIX shell does for the forms the docs use: single quotes,
 * double quotes (with `\"`, `\\`, `\$`, `` \` `` escapes), a backslash outside quotes, a
 * backslash-newline as a continuation, and a `#` comment. Pipes, redirections and `;` are refused:
 * an example is one curl command whose whole output is shown.
 */
export function splitWords(command: string): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let i = 0;
  const add = (text: string) => {
    word = (word ?? '') + text;
  };
  while (i < command.length) {
    const c = command[i]!;
    if (c === '\\' && command[i + 1] === '\n') i += 2;
    else if (c === '\\') {
      add(command[i + 1] ?? '');
      i += 2;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unclosed ' in: ${command}`);
      add(command.slice(i + 1, end));
      i = end + 1;
    } else if (c === '"') {
      i++;
      add('');
      while (command[i] !== '"') {
        if (i >= command.length) throw new Error(`unclosed " in: ${command}`);
        if (command[i] === '\\' && '"\\$`'.includes(command[i + 1] ?? '')) i++;
        add(command[i++]!);
      }
      i++;
    } else if (/\s/.test(c)) {
      if (word !== null) words.push(word);
      word = null;
      i++;
    } else if (c === '#' && word === null) {
      const end = command.indexOf('\n', i);
      i = end < 0 ? command.length : end;
    } else if ('|<>;&$`'.includes(c)) {
      throw new Error(`"${c}" is not run by the docs test: show one curl command and its whole output`);
    } else {
      add(c);
      i++;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

/** curl's --data-urlencode: `name=content` sends name=<content percent-encoded>; plain content is encoded whole. */
function toUrlEncoded(arg: string): string {
  const eq = arg.indexOf('=');
  return eq < 0 ? encodeURIComponent(arg) : `${arg.slice(0, eq)}=${encodeURIComponent(arg.slice(eq + 1))}`;
}

/** Reads the options the docs use (`-s -i -I -G -H -d -X --data-urlencode`); any other is an error. */
export function parseCurl(command: string): CurlRequest {
  const [name, ...args] = splitWords(command);
  if (name !== 'curl') throw new Error(`not a curl command: ${command}`);
  const data: string[] = [];
  const headers: Record<string, string> = {};
  let url: string | undefined;
  let method: string | undefined;
  let show: CurlRequest['show'] = 'body';
  let toQuery = false;
  for (let k = 0; k < args.length; k++) {
    const arg = args[k]!;
    const value = () => {
      const v = args[++k];
      if (v === undefined) throw new Error(`${arg} needs a value in: ${command}`);
      return v;
    };
    if (arg === '-H' || arg === '--header') {
      const h = value();
      const colon = h.indexOf(':');
      headers[h.slice(0, colon).trim()] = h.slice(colon + 1).trim();
    } else if (arg === '-d' || arg === '--data' || arg === '--data-raw') data.push(value());
    else if (arg === '--data-urlencode') data.push(toUrlEncoded(value()));
    else if (arg === '-X' || arg === '--request') method = value();
    else if (/^-[a-zA-Z]+$/.test(arg)) {
      for (const flag of arg.slice(1)) {
        if (flag === 'i') show = 'head+body';
        else if (flag === 'I') show = 'head';
        else if (flag === 'G') toQuery = true;
        else if (flag !== 's' && flag !== 'S') throw new Error(`curl option -${flag} is not run by the docs test`);
      }
    } else if (arg.startsWith('-')) throw new Error(`curl option ${arg} is not run by the docs test`);
    else if (url === undefined) url = arg;
    else throw new Error(`two URLs in: ${command}`);
  }
  if (url === undefined) throw new Error(`no URL in: ${command}`);
  let body: string | undefined;
  if (data.length > 0 && toQuery) url += (url.includes('?') ? '&' : '?') + data.join('&');
  else if (data.length > 0) {
    body = data.join('&');
    headers['Content-Type'] ??= 'application/x-www-form-urlencoded';
  }
  method ??= show === 'head' ? 'HEAD' : body !== undefined ? 'POST' : 'GET';
  return { method, url, headers, body, show };
}
