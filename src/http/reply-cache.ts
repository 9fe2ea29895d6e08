// A byte-bounded LRU of serialised 200 answers keyed by the normalised request: a repeat skips all work.
import { toHeapBytes } from '../common/heap-size.ts';
import { createLru } from '../common/lru.ts';

const ENTRY = 400; // the entry object, the LRU's entry and Map slot, the Buffer's objects

/** A cached 200: its validator, body, and its whole header list prebuilt (see toRawHeaders). */
export type CachedReply = { etag: string; body: Buffer; raw: string[]; bytes: number };

export type ReplyCache = {
  get(key: string): CachedReply | undefined;
  set(key: string, etag: string, body: Buffer, raw: string[]): void;
  /** Bytes held (for /metrics). */
  readonly bytes: number;
};

/**
 * The key (and the ETag, its hash) names everything an answer depends on (data version,
 * visibility, base URL, path, normalised query), so equal keys mean byte-identical bodies.
 */
export function createReplyCache(maxBytes: number): ReplyCache {
  const entries = createLru<string, CachedReply>(maxBytes);
  return {
    get: (key) => entries.get(key),
    set(key, etag, body, raw) {
      const bytes = ENTRY + body.length + toHeapBytes(key) + toHeapBytes(raw);
      if (bytes > maxBytes / 8 || entries.has(key)) return;
      entries.set(key, { etag, body: toOwnBuffer(body), raw, bytes }, bytes);
    },
    get bytes() {
      return entries.weight;
    },
  };
}

/**
 * The body in memory of its own. Why: Node cuts a small Buffer (under 4 KiB) from a shared 8 KiB
 * slab, and a cached slice keeps its whole slab alive; thousands of small cached answers would hold
 * several times their bytes.
 */
export function toOwnBuffer(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.buffer.byteLength === body.length) return body;
  const own = Buffer.allocUnsafeSlow(body.length);
  body.copy(own);
  return own;
}
