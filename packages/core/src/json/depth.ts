/**
 * How deeply JSON nests, counted without recursion. Parsers, checkers, compilers and editors recurse over a
 * document, and a text nested thousands of levels deep overflows their stack ("Maximum call stack size exceeded"),
 * which is no message; so such a text is refused by its depth before anything reads it.
 */
import { isObject } from './object.js';

/** Deeper nesting is refused before parsing: a form needs far fewer levels. */
export const MAX_JSON_DEPTH = 256;

/**
 * The deepest nesting of brackets and braces in `text` outside strings (escapes skipped), for any text, JSON or not;
 * counting stops at `limit + 1` (past the limit, how far past does not matter).
 */
export function nestingDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash: the character after it is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if ((c === 93 || c === 125) && depth > 0) depth--;
  }
  return deepest;
}

/** The deepest nesting of arrays and objects in a parsed value, counted with a stack; stops at `limit + 1`. */
export function valueDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop() as [unknown, number];
    const children = Array.isArray(node) ? node : isObject(node) ? Object.values(node) : undefined;
    if (!children) continue;
    if (depth > deepest) {
      deepest = depth;
      if (deepest > limit) return deepest;
    }
    for (const child of children) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return deepest;
}
