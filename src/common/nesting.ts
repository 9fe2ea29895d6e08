// The bracket nesting of a JSON text, measured in one pass without recursion.

/** The deepest bracket nesting of a JSON text, strings skipped (one pass, no recursion). */
export function toNestingDepth(text: string): number {
  let depth = 0,
    max = 0,
    inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) max = Math.max(max, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return max;
}
