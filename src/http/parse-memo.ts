// The parse memo: a request's parse and answer key by raw URL and who asks, so a repeat parses nothing.
import { toHeapBytes } from '../common/heap-size.ts';
import { createLru } from '../common/lru.ts';
import type { Parsed } from './route.ts';

/** A request already parsed: its parse and the key that names its answer ('' when it does not repeat). */
export type KnownRequest<P> = { parsed: Parsed<P>; key: string };

export type ParseMemo = {
  /** The parse of this raw URL for this visibility, base URL and route, if kept. */
  recall(url: string, visibility: string, baseUrl: string, route: string): KnownRequest<unknown> | undefined;
  keep(url: string, visibility: string, baseUrl: string, route: string, known: KnownRequest<unknown>): void;
};

type Variant = { visibility: string; baseUrl: string; route: string; known: KnownRequest<unknown>; bytes: number };

const MEMO_BYTES = 16 * 1024 * 1024;
const MIN_BYTES = 1024 * 1024;
const ENTRY = 160; // the LRU's entry and Map slot, the variant list
const MAX_VARIANTS = 8; // per URL: users with other visibility, other origins

/**
 * Keyed by the raw URL alone, with the few variants of who asks in a list, so that a lookup hashes
 * the URL string the parser made and builds no key string: concatenating visibility, base URL,
 * route and URL into one key, then hashing it, was the larger part of a reply-cache hit's lookups.
 */
export function createParseMemo(maxBytes = MEMO_BYTES): ParseMemo {
  const byUrl = createLru<string, Variant[]>(maxBytes);
  return {
    recall(url, visibility, baseUrl, route) {
      const variants = byUrl.get(url);
      if (!variants) return undefined;
      for (const v of variants)
        if (v.visibility === visibility && v.route === route && v.baseUrl === baseUrl) return v.known;
      return undefined;
    },
    keep(url, visibility, baseUrl, route, known) {
      // The parse itself (a context's tree, the canonical pairs) and the key; the snapshot's frozen
      // fields it refers to are not the entry's. Visibility, base URL and route strings are shared.
      const bytes = toHeapBytes(known) + 80;
      const variants = [...(byUrl.get(url) ?? []), { visibility, baseUrl, route, known, bytes }].slice(-MAX_VARIANTS);
      byUrl.set(url, variants, ENTRY + toHeapBytes(url) + variants.reduce((n, v) => n + v.bytes, 0));
    },
  };
}

/**
 * The parse memo's share of the reply cache's bytes (SORREL_REPLY_CACHE_MB), so that the two together
 * stay within it; at least 1 MiB, so that a server without a reply cache still parses a repeat once.
 */
export function toParseMemoBytes(replyCacheBytes: number): number {
  return Math.max(MIN_BYTES, Math.floor(replyCacheBytes / 8));
}
