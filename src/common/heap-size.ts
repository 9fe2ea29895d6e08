// What a value holds in memory, estimated as V8 lays it out on 64-bit Node, for caches bounded by bytes.

const POINTER = 8;
const OBJECT = 3 * POINTER; // map, properties, elements
const ARRAY = 4 * POINTER + 2 * POINTER; // the JSArray and its backing store's header
const STRING = 3 * POINTER; // map, hash, length (rounded)
const HEAP_NUMBER = 2 * POINTER;
const VIEW = 200; // a Buffer (Uint8Array) with its ArrayBuffer object and backing-store record

/**
 * The bytes `value` holds: strings (one or two bytes a character), heap numbers, arrays, objects,
 * Maps, Sets and buffers, each counted once, walked with an explicit stack (no depth limit).
 * Frozen objects are not counted: in Sorrel they belong to the snapshot (fields, concepts), shared
 * by everything that refers to them, and are freed with it, not with a cache entry.
 */
export function toHeapBytes(value: unknown): number {
  let bytes = 0;
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    switch (typeof v) {
      case 'string':
        bytes += STRING + align(isOneByte(v) ? v.length : 2 * v.length);
        continue;
      case 'number':
        if (!Number.isInteger(v) || v > 2 ** 31 - 1 || v < -(2 ** 31)) bytes += HEAP_NUMBER;
        continue;
      case 'bigint':
        bytes += HEAP_NUMBER + POINTER * Math.ceil(v.toString(16).length / 16);
        continue;
      case 'object':
        break;
      default:
        continue; // booleans, undefined, functions (code is not an entry's)
    }
    if (v === null || seen.has(v) || Object.isFrozen(v)) continue;
    seen.add(v);
    if (ArrayBuffer.isView(v)) bytes += VIEW + v.byteLength;
    else if (v instanceof ArrayBuffer || v instanceof SharedArrayBuffer) bytes += VIEW + v.byteLength;
    else if (Array.isArray(v)) {
      bytes += ARRAY + POINTER * v.length;
      // An array of numbers only keeps them unboxed (8 bytes each, counted above).
      if (!v.every((x) => typeof x === 'number')) for (let i = 0; i < v.length; i++) stack.push(v[i]);
    } else if (v instanceof Map) {
      bytes += OBJECT + 3 * POINTER * v.size * 2; // a hash table of (key, value, chain), half full
      for (const [k, x] of v) stack.push(k, x);
    } else if (v instanceof Set) {
      bytes += OBJECT + 2 * POINTER * v.size * 2;
      for (const x of v) stack.push(x);
    } else if (v instanceof Promise) {
      bytes += OBJECT + 2 * POINTER;
    } else {
      const keys = Object.keys(v);
      bytes += OBJECT + POINTER * keys.length;
      for (const k of keys) stack.push((v as Record<string, unknown>)[k]);
    }
  }
  return bytes;
}

function align(n: number): number {
  return (n + POINTER - 1) & ~(POINTER - 1);
}

/** Whether V8 can store a string one byte per character (all of it Latin-1). */
function isOneByte(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0xff) return false;
  return true;
}
