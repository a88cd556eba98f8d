/**
 * The carousels' seamless loop (spec 002 §2.5, §9: dots, infinite, 500 ms), as positions: slide `p` of a list of
 * `count` sits at track position `p + clones`; before and after the slides the track repeats them (`clones` on
 * each side), so a step past either end slides on into a copy and then, out of sight of any change, jumps to the
 * same slide among the originals.
 */

/** A position within 0 … count - 1 (the original slide a copy shows). */
export function wrapIndex(position: number, count: number): number {
  if (count <= 0) return 0;
  return ((position % count) + count) % count;
}

/** Whether the slides move at all: more slides than are shown at once. */
export function loops(count: number, show: number): boolean {
  return count > show;
}

/** Copies on each side: enough for a step of `step` past either end with `show` slides in view. */
export function cloneCount(count: number, show: number, step: number): number {
  return loops(count, show) ? show + step : 0;
}

/** The dots: one per step through the slides (none when nothing moves). */
export function dotCount(count: number, show: number, step: number): number {
  return loops(count, show) ? Math.ceil(count / Math.max(1, step)) : 0;
}

/** The dot of the slide at a position. */
export function activeDot(position: number, count: number, step: number): number {
  return Math.floor(wrapIndex(position, count) / Math.max(1, step));
}
