/** Layout constants of the content site (spec 002, section 9). */

/** Viewport widths in px at which the layouts change. */
export const BREAKPOINTS = { small: 600, medium: 1024, large: 1440, xlarge: 1920 } as const;

export const CONTENT_WIDTH = 1280;

/** Counts of the blocks. */
export const COUNTS = {
  articleCardsPerRow: 3,
  infoCardsPerRow: 3,
  logosPerRowDesktop: 4,
  logosPerRowMobile: 2,
  linkColumns: 3,
  upsellShown: 2,
  upsellExpanded: 4,
  suggestedBlogs: 4,
  searchPageSize: 10,
  carouselSpeedMs: 500,
  descriptionRows: 3,
  searchDebounceMs: 200,
} as const;

export type Viewport = 'mobile' | 'desktop';

/** The layout for a viewport width: mobile below the medium breakpoint. */
export function viewportFor(width: number): Viewport {
  return width < BREAKPOINTS.medium ? 'mobile' : 'desktop';
}
