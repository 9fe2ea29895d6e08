// The API key the user typed, kept for this browser tab only (sessionStorage), never in the URL.
const SLOT = 'sorrel.apiKey';

/** The stored key, or '' for anonymous. */
export function readKey(): string {
  try {
    return sessionStorage.getItem(SLOT) ?? '';
  } catch {
    return '';
  }
}

/** Stores a key ('' forgets it). */
export function writeKey(key: string): void {
  try {
    if (key) sessionStorage.setItem(SLOT, key);
    else sessionStorage.removeItem(SLOT);
  } catch {
    // storage disabled: the key lasts until the page is closed
  }
}
