// A byte-bounded LRU of serialised 200 answers keyed by the normalised request: a repeat skips all work.
import { createLru } from '../common/lru.ts';

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
      const bytes = body.length + key.length * 2 + 256;
      if (bytes > maxBytes / 8 || entries.has(key)) return;
      entries.set(key, { etag, body, raw, bytes }, bytes);
    },
    get bytes() {
      return entries.weight;
    },
  };
}
