// Asks two servers the same requests and lists every answer whose status or body bytes differ.
import { HEADERS, type Request } from './requests.ts';

export type Answer = { status: number; text: string };
export type Mismatch = { request: Request; file: Answer; engine: Answer };

/** Fetches one request from a server; a network failure is an answer too (status 0), so it is reported, not thrown. */
async function ask(base: string, req: Request): Promise<Answer> {
  try {
    const res = await fetch(base + req.path, { headers: HEADERS[req.user] });
    return { status: res.status, text: await res.text() };
  } catch (e) {
    return { status: 0, text: String((e as Error).message) };
  }
}

/** Both servers' answers to every request (a few at a time), and the ones that differ. */
export async function compareAll(
  fileUrl: string,
  engineUrl: string,
  requests: Request[],
  concurrency = 4,
): Promise<{ answers: Answer[]; mismatches: Mismatch[] }> {
  const answers: Answer[] = new Array(requests.length);
  const mismatches: (Mismatch | undefined)[] = new Array(requests.length);
  let at = 0;
  const lane = async () => {
    while (at < requests.length) {
      const i = at++;
      const [file, engine] = await Promise.all([ask(fileUrl, requests[i]), ask(engineUrl, requests[i])]);
      answers[i] = file;
      if (file.status !== engine.status || file.text !== engine.text)
        mismatches[i] = { request: requests[i], file, engine };
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { answers, mismatches: mismatches.filter((m): m is Mismatch => m !== undefined) };
}

/** A readable report: the request (path decoded), its user, and both answers cut where they start to differ. */
export function describe(mismatches: Mismatch[], limit = 12): string {
  const lines = [`${mismatches.length} request(s) answered differently:`];
  for (const { request, file, engine } of mismatches.slice(0, limit)) {
    const from = firstDifference(file.text, engine.text);
    const cut = (s: string) => (from > 60 ? '…' : '') + s.slice(Math.max(0, from - 60), from + 240);
    lines.push(
      `- ${request.user} GET ${decodeURIComponent(request.path)}`,
      `  file   ${file.status} ${cut(file.text)}`,
      `  engine ${engine.status} ${cut(engine.text)}`,
    );
  }
  if (mismatches.length > limit) lines.push(`… and ${mismatches.length - limit} more`);
  return lines.join('\n');
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
