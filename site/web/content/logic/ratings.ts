/**
 * Ratings (spec 002, section 9): labels by rate, the overall rating as the mean of the rates above 0 (1 decimal),
 * German number formats (0 decimals for percentages, 1 for scores), and 'rating' / 'ratings' by count.
 */
import { formatNumber } from './money.js';

/** Catalogue keys of the rating labels (site/web/content/locales: ratings.*). */
export type RatingLabel = 'excellent' | 'veryGood' | 'good' | 'noRatings';

/** Above 4 'Excellent', above 3 up to 4 'Very Good', above 0 up to 3 'Good', otherwise 'No Ratings Yet'. */
export function ratingLabel(rate: number): RatingLabel {
  if (!(rate > 0)) return 'noRatings';
  if (rate > 4) return 'excellent';
  if (rate > 3) return 'veryGood';
  return 'good';
}

export const RATING_LABELS_EN: Record<RatingLabel, string> = {
  excellent: 'Excellent',
  veryGood: 'Very Good',
  good: 'Good',
  noRatings: 'No Ratings Yet',
};

/** Mean of the rates above 0, rounded to 1 decimal; 0 when there are none. */
export function overallRating(rates: readonly number[]): number {
  const rated = rates.filter((r) => Number.isFinite(r) && r > 0);
  if (rated.length === 0) return 0;
  const mean = rated.reduce((sum, r) => sum + r, 0) / rated.length;
  return Math.round(mean * 10 + 1e-9) / 10;
}

/** '4,3' */
export function formatScore(value: number): string {
  return formatNumber(value, 1);
}

/** '92' (the % sign belongs to the text around it) */
export function formatPercent(value: number): string {
  return formatNumber(value, 0);
}

/** Catalogue key of the count's noun: one 'rating', otherwise 'ratings'. */
export function ratingCountKey(count: number): 'rating' | 'ratings' {
  return count === 1 ? 'rating' : 'ratings';
}

/** Stars shown for a rate: whole and half stars, rounded to the nearest half (read-only display). */
export function starsFor(rate: number): { full: number; half: boolean; empty: number } {
  const halves = Math.round(Math.min(5, Math.max(0, rate)) * 2);
  const full = Math.floor(halves / 2);
  const half = halves % 2 === 1;
  return { full, half, empty: 5 - full - (half ? 1 : 0) };
}
