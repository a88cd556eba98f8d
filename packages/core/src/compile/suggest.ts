/** "Did you mean …?" for names that are almost right: a misspelt field type or property name. */

/** Levenshtein edit distance (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/**
 * The candidate closest to `word` (case-insensitive), when it is close enough to be a likely typo: at most
 * 2 edits, or a quarter of the word's length for long words. Ties go to the alphabetically first, so the hint is stable.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const name of candidates) {
    const d = editDistance(lower, name.toLowerCase());
    if (!best || d < best.d || (d === best.d && name < best.name)) best = { name, d };
  }
  return best && best.name !== word && best.d <= Math.max(2, Math.floor(word.length / 4)) ? best.name : undefined;
}
