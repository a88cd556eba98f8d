/**
 * One plain sentence from a meta-schema description: its first sentence, without the Markdown code marks the
 * descriptions use for names (`dropdown` → dropdown). Hover help shows this; the whole description stays in the schema.
 */

// a full stop after these is not the end of a sentence
const ABBREVIATIONS = /(?:\be\.g|\bi\.e|\betc|\bvs|\bcf)\.$/i;

export function plainSentence(description: string): string {
  const text = description
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if ((c === '.' || c === '!' || c === '?') && depth === 0 && text[i + 1] === ' ') {
      // a quoted message ending in its own stop ('…required!'.) ends at the quote
      const head = text.slice(0, i + 1);
      if (ABBREVIATIONS.test(head)) continue;
      if (/^[A-Z0-9'"‘“(]/.test(text[i + 2] ?? '')) return head;
    }
  }
  return /[.!?]['"’”]?$/.test(text) ? text : `${text}.`;
}
