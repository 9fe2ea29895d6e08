// A byte-bounded LRU of serialised 200 answers keyed by ETag: a repeated request skips all work.

export type CachedReply = { body: Buffer; headers: Record<string, string>; bytes: number };

export type ReplyCache = {
  get(etag: string): CachedReply | undefined;
  set(etag: string, body: Buffer, headers: Record<string, string>): void;
};

/**
 * The ETag already names everything an answer depends on (data version, visibility, base URL,
 * path, normalised query), so equal ETags mean byte-identical bodies and the text can be reused.
 */
export function createReplyCache(maxBytes: number): ReplyCache {
  const entries = new Map<string, CachedReply>();
  let total = 0;
  return {
    get(etag) {
      const hit = entries.get(etag);
      if (hit) {
        entries.delete(etag);
        entries.set(etag, hit);
      }
      return hit;
    },
    set(etag, body, headers) {
      const bytes = body.length + 256;
      if (bytes > maxBytes / 8 || entries.has(etag)) return;
      entries.set(etag, { body, headers, bytes });
      total += bytes;
      for (const [key, e] of entries) {
        if (total <= maxBytes) break;
        entries.delete(key);
        total -= e.bytes;
      }
    },
  };
}
