import type { LocalizedText, Text } from '../dsl/types.js';
import { hasKey, keyForEnglish } from '../i18n/index.js';
import type { Diagnostic } from './types.js';

/**
 * Turns every text of a definition into a key: catalogue texts keep their catalogue key (and so
 * their translations), the form's own texts get a key under `forms.<id>.` and go into `texts`.
 */
export class TextTable {
  readonly texts: Record<string, LocalizedText> = {};

  constructor(
    private readonly formId: string,
    private readonly ownTexts: Record<string, LocalizedText>,
    private readonly diagnostics: Diagnostic[],
  ) {
    for (const [key, value] of Object.entries(ownTexts)) this.texts[key] = value;
  }

  /** The key of a text; `hint` names its place (`fields.firstName.label`), `pointer` where it was written. */
  key(text: Text, hint: string, pointer: string): string {
    if (typeof text === 'string') {
      const known = keyForEnglish(text);
      if (known) return known;
      return this.add(hint, { en: text });
    }
    if ('key' in text) {
      if (!hasKey(text.key) && !this.ownTexts[text.key]) {
        this.diagnostics.push({
          severity: 'error',
          code: 'unknown-text-key',
          message: `text key '${text.key}' is neither in the shared catalogue nor in the form's texts`,
          pointer,
        });
      }
      return text.key;
    }
    return this.add(hint, text);
  }

  optional(text: Text | undefined, hint: string, pointer: string): string | undefined {
    return text === undefined ? undefined : this.key(text, hint, pointer);
  }

  private add(hint: string, text: LocalizedText): string {
    const key = `forms.${this.formId}.${hint}`;
    this.texts[key] = text;
    return key;
  }
}
