/**
 * DSL → CMS export: a definition imported from the content service (booking v1, booking v2, review; its
 * `source.kind`) goes back to that CMS shape, after the builder or a hand edited it, its texts' translations in the
 * document's `translations` (English text → other languages, see ../import/translations.ts). Pure and deterministic.
 * Whatever the shape cannot hold is a diagnostic with its JSON pointer into the definition: found by importing the
 * export again and comparing, so nothing is dropped silently.
 */
import type { Diagnostic } from '../compile/types.js';
import type { FormDefinition } from '../dsl/types.js';
import { CMS_KINDS, type CmsKind } from '../import/cms-types.js';
import { importCms } from '../import/index.js';
import { checkCmsDocument } from '../import/shape.js';
import { putTranslations, translationsOf } from '../import/translations.js';
import { exportBookingV1 } from './booking-v1.js';
import { exportBookingV2 } from './booking-v2.js';
import { lostInExport } from './compare.js';
import { emptySteps } from './fields.js';
import { exportReview } from './review.js';
import type { Built, CmsExport } from './types.js';

export type { CmsExport } from './types.js';

const EXPORTERS: Record<CmsKind, (definition: FormDefinition) => Built> = {
  'booking-v1': exportBookingV1,
  'booking-v2': exportBookingV2,
  review: exportReview,
};

function noKind(kind: unknown): Diagnostic {
  const which = CMS_KINDS.join(', ');
  return {
    severity: 'error',
    code: 'export-no-cms-kind',
    message:
      kind === undefined
        ? `/source/kind: the definition names no CMS shape; only definitions with source.kind ${which} (those imported from the content service) can be exported to the CMS.`
        : `/source/kind: ${JSON.stringify(kind)} is not a CMS shape; the kinds that can be exported are ${which}.`,
    pointer: kind === undefined ? '' : '/source/kind',
  };
}

/** Exports a definition to the CMS shape its `source.kind` names. */
export function exportCms(definition: FormDefinition): CmsExport {
  const kind: unknown = definition.source?.kind;
  if (typeof kind !== 'string' || !(CMS_KINDS as readonly string[]).includes(kind)) {
    return { diagnostics: [noKind(kind)] };
  }
  const cmsKind = kind as CmsKind;
  const built = EXPORTERS[cmsKind](definition);
  if (built.document === undefined || built.diagnostics.some((d) => d.severity === 'error')) {
    return { kind: cmsKind, diagnostics: built.diagnostics };
  }
  // The exporters build only valid shapes; a failure here is a bug, reported rather than handed out.
  const shape = checkCmsDocument(cmsKind, built.document);
  if (shape.length > 0) {
    const problems: Diagnostic[] = shape.map((d) => ({
      ...d,
      code: 'export-shape',
      message: `The exported document does not match the ${cmsKind} schema at ${d.message}`,
      pointer: '',
    }));
    return { kind: cmsKind, diagnostics: [...built.diagnostics, ...problems] };
  }
  // the texts' other languages go beside the document's English, where the import takes them from
  const translations = translationsOf(definition);
  const document = translations ? putTranslations(cmsKind, built.document, translations) : built.document;
  const empty = emptySteps(cmsKind, definition, built.reported);
  const back = importCms(cmsKind, document).definition;
  const lost = back ? lostInExport(cmsKind, definition, back, built.reported) : [];
  return { kind: cmsKind, document, diagnostics: [...built.diagnostics, ...empty, ...lost] };
}
