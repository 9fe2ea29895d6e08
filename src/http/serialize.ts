// Serialising a large answer without stalling the event loop: a long list is written in slices, yielding between them.
import { setImmediate as yieldToLoop } from 'node:timers/promises';

const SLICE = 4096; // items per slice: a few milliseconds of JSON.stringify at most

/**
 * The JSON of `body` whose `key` holds `count` items made by `item(j)`, with the same bytes as
 * JSON.stringify of the whole object, but built a slice at a time with a turn of the event loop
 * between slices, so other requests are served meanwhile.
 */
export async function toJsonInSlices(
  body: Record<string, unknown>,
  key: string,
  count: number,
  item: (j: number) => unknown,
): Promise<Buffer> {
  const head = JSON.stringify({ ...body, [key]: [] });
  const marker = `${JSON.stringify(key)}:[]`;
  const at = head.indexOf(marker) + marker.length - 1; // just before the list's closing bracket
  const parts: string[] = [head.slice(0, at)];
  for (let start = 0; start < count; start += SLICE) {
    if (start > 0) await yieldToLoop();
    const end = Math.min(count, start + SLICE);
    const slice: unknown[] = new Array(end - start);
    for (let j = start; j < end; j++) slice[j - start] = item(j);
    const text = JSON.stringify(slice);
    parts.push(start > 0 ? `,${text.slice(1, -1)}` : text.slice(1, -1));
  }
  parts.push(head.slice(at));
  return Buffer.from(parts.join(''));
}
