// Test helper: runs a documented request against a test server and compares its answer with the one the docs show.
import type { CurlRequest } from './curl.ts';

/** The origin every example is written against: `npm start` on the demo. */
export const DOC_HOST = 'localhost:8000';

/** An answer as curl would print it, with the test server's host replaced by DOC_HOST in headers and body. */
export type Answer = { status: number; statusText: string; headers: Headers; body: string };

/** Sends the request to `origin` (e.g. http://127.0.0.1:40123) instead of localhost:8000. */
export async function fetchAnswer(request: CurlRequest, origin: string): Promise<Answer> {
  const match = /^(?:http:\/\/)?localhost:8000(\/.*)?$/.exec(request.url);
  if (!match) throw new Error(`examples are written against ${DOC_HOST}, not ${request.url}`);
  const res = await fetch(origin + (match[1] ?? '/'), {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const host = new URL(origin).host;
  return {
    status: res.status,
    statusText: res.statusText,
    headers: new Headers([...res.headers].map(([name, value]) => [name, value.replaceAll(host, DOC_HOST)])),
    body: (await res.text()).replaceAll(host, DOC_HOST),
  };
}

/** Where two texts first differ, with a little of each around it. */
function describeDifference(shown: string, actual: string): string {
  let i = 0;
  while (i < shown.length && shown[i] === actual[i]) i++;
  const from = Math.max(0, i - 60);
  return `they differ at character ${i}:\n  docs: …${shown.slice(from, i + 80)}\n  got:  …${actual.slice(from, i + 80)}`;
}

/**
 * The rule for the body (see docs/development.md): one line is compared byte for byte, or, when it
 * ends in `…`, as the start of the answer; several lines are pretty-printed JSON, compared byte for
 * byte after compacting them (so keys, their order and every value count, not the indentation).
 */
function compareBody(lines: string[], actual: string): string | null {
  let shown: string;
  if (lines.length > 1) {
    try {
      shown = JSON.stringify(JSON.parse(lines.join('\n')));
    } catch (err) {
      return `a multi-line answer must be JSON: ${(err as Error).message}`;
    }
  } else shown = lines[0] ?? '';
  const body = actual.replace(/\n$/, '');
  if (lines.length === 1 && shown.endsWith('…')) {
    const start = shown.slice(0, -1);
    return body.startsWith(start) ? null : `the answer does not start as shown; ${describeDifference(start, body)}`;
  }
  return body === shown ? null : `the answer differs from the docs; ${describeDifference(shown, body)}`;
}

/**
 * Null when the shown answer matches, else what differs. With `-i`/`-I` the shown answer starts with
 * the status line and the headers worth showing: each shown header must have exactly that value, and
 * headers not shown (Date, ETag, …) are not compared.
 */
export function compareAnswer(shownLines: string[], show: CurlRequest['show'], actual: Answer): string | null {
  const lines = [...shownLines];
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (show === 'body') return compareBody(lines, actual.body);
  const statusLine = `HTTP/1.1 ${actual.status} ${actual.statusText}`;
  if (lines[0] !== statusLine) return `the status line is "${statusLine}", the docs show "${lines[0]}"`;
  let k = 1;
  for (; k < lines.length && lines[k] !== ''; k++) {
    const header = /^([A-Za-z0-9-]+): (.*)$/.exec(lines[k]!);
    if (!header) return `"${lines[k]}" is not a header line`;
    const value = actual.headers.get(header[1]!);
    if (value !== header[2])
      return `header ${header[1]} is ${value === null ? 'absent' : `"${value}"`}, the docs show "${header[2]}"`;
  }
  const body = lines.slice(k + 1);
  if (show === 'head') return body.length === 0 ? null : 'a HEAD answer (-I) has no body to show';
  return compareBody(body, actual.body);
}
