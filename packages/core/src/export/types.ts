import type { Diagnostic } from '../compile/types.js';
import type { CmsKind } from '../import/cms-types.js';

export interface CmsExport {
  /** The CMS shape the definition came from (`source.kind`); absent when it names none. */
  kind?: CmsKind;
  /** The CMS document; absent when an error kept it from being made. */
  document?: unknown;
  /**
   * What the document does not carry, with JSON pointers into the definition: warnings for what was dropped or
   * changed, errors when no document could be made.
   */
  diagnostics: Diagnostic[];
}

/** What one shape's builder gives: the document and what it already reported (so the comparison skips it). */
export interface Built {
  document?: unknown;
  diagnostics: Diagnostic[];
  /** Pointers into the definition already reported (the comparison skips them and everything under them). */
  reported: Set<string>;
}

/** The human name of each CMS shape, for messages. */
export const KIND_NAMES: Record<CmsKind, string> = {
  'booking-v1': 'booking v1',
  'booking-v2': 'booking v2',
  review: 'review form',
};
