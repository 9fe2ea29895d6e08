// A byte-bounded LRU of serialised 200 answers keyed by the normalised request: a repeat skips all work.
import { createLru } from '../common/lru.ts';

export type CachedReply = { etag: string; body: Buffer; headers: Record<string, string>; bytes: number };

export type ReplyCache = {
  get(key: string): CachedReply | undefined;
  set(key: string, etag: string, body: Buffer, headers: Record<string, string>): void;
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
    set(key, etag, body, headers) {
      const bytes = body.length + key.length * 2 + 256;
      if (bytes > maxBytes / 8 || entries.has(key)) return;
      entries.set(key, { etag, body, headers, bytes }, bytes);
    },
    get bytes() { return entries.weight; },
  };
}
