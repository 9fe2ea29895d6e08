// The one accent and case folding (API.md §5 and §6): lower case, canonical decomposition, every combining mark removed.

const MARKS = /\p{M}+/gu;

/** Case- and accent-insensitive form of a text, the same for search and for context operators. */
export function fold(s: string): string {
  return s.toLowerCase().normalize('NFD').replace(MARKS, '');
}
