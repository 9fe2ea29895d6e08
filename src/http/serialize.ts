// Serialising a large answer without stalling the event loop: a long list is written in slices, yielding between them.
import { setImmediate as yieldToLoop } from 'node:timers/promises';

export const SLICE = 4096; // items per turn of the event loop: a few milliseconds of JSON.stringify at most
const CHUNK = 512; // items per JSON string: short-lived text in V8's young generation (see below)
const COMMA = Buffer.from(',');

/**
 * The JSON of `body` whose `key` holds `count` items made by `item(j)`, with the same bytes as
 * JSON.stringify of the whole object, but built a slice at a time with a turn of the event loop
 * between slices, so other requests are served meanwhile.
 *
 * Why chunks made into bytes at once, joined as bytes: a slice's text (4,096 items, ~200 KB) went
 * straight into V8's large-object space, and the joined text of a 50,000-value page (~2.5 MB) with
 * it, then was copied once more into a Buffer. All of it waited for a full mark-compact collection,
 * which held the event loop 20-90 ms on a loaded machine (the `loop` bench, bench/README.md).
 * A chunk's text of ~25 KB dies young; only its bytes (outside the JS heap) are kept, and copied once.
 */
export async function toJsonInSlices(
  body: Record<string, unknown>,
  key: string,
  count: number,
  item: (j: number) => unknown,
): Promise<Buffer> {
  return inSlices(body, key, count, (start, end) => {
    const chunk: unknown[] = new Array(end - start);
    for (let j = start; j < end; j++) chunk[j - start] = item(j);
    const bytes = Buffer.from(JSON.stringify(chunk));
    return bytes.subarray(1, bytes.length - 1); // without the chunk's own brackets
  });
}

/**
 * toJsonInSlices with each item given as its JSON text, `text(j)`, which must be what
 * JSON.stringify makes of the item: for items whose text is cheaper to write than to stringify
 * (src/routes/values-text.ts).
 */
export async function toJsonTextInSlices(
  body: Record<string, unknown>,
  key: string,
  count: number,
  text: (j: number) => string,
): Promise<Buffer> {
  return inSlices(body, key, count, (start, end) => {
    let chunk = text(start);
    for (let j = start + 1; j < end; j++) chunk += `,${text(j)}`;
    return Buffer.from(chunk);
  });
}

/** The body's JSON with the list under `key` made of `chunk(start, end)` bytes (items, comma-separated). */
async function inSlices(
  body: Record<string, unknown>,
  key: string,
  count: number,
  chunk: (start: number, end: number) => Buffer,
): Promise<Buffer> {
  const head = JSON.stringify({ ...body, [key]: [] });
  const marker = `${JSON.stringify(key)}:[]`;
  const at = head.indexOf(marker) + marker.length - 1; // just before the list's closing bracket
  const parts: Buffer[] = [Buffer.from(head.slice(0, at))];
  for (let start = 0; start < count; start += CHUNK) {
    if (start > 0 && start % SLICE === 0) await yieldToLoop();
    if (start > 0) parts.push(COMMA);
    parts.push(chunk(start, Math.min(count, start + CHUNK)));
  }
  parts.push(Buffer.from(head.slice(at)));
  return Buffer.concat(parts);
}
