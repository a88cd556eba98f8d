/**
 * What the field needs to know about each consent-letter template before any PDF code is loaded: the
 * slots that must be filled and the text explaining what is missing. The letters themselves are drawn
 * by `consentLetter.ts`, which the field imports on demand.
 */
export interface ConsentTemplateInfo {
  /** Slots that must have a value before the letter can be made. */
  requiredSlots: readonly string[];
  /** Text key shown while a required slot is empty. */
  missingHint: string;
}

export const consentTemplates: Readonly<Record<string, ConsentTemplateInfo>> = {
  parentalConsent: {
    requiredSlots: ['guardianName', 'guardianPassportNumber'],
    missingHint: 'consentPdf.guardianRequired',
  },
};

/** A fill's value as one line of text: objects with a `name` (country records) give their name. */
export function slotText(value: unknown): string {
  let text = '';
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
  else if (value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string')
    text = (value as { name: string }).name;
  // joined computed values ('city, country') leave separators behind when a part is empty
  return text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;]+|[\s,;]+$/g, '')
    .trim();
}
