import { describe, expect, it } from 'vitest';
import { createRunnerI18n } from '../../../packages/react/src/engine/i18n.js';
// the server's and the tests' catalogue: every language (the web app loads the one it shows)
import '../../../packages/core/src/i18n/index.js';

const texts = {
  'forms.demo.fields.city.label': { en: 'City', de: 'Stadt' },
  'forms.demo.only.english': { en: 'Only English' },
};

describe('runner i18n', () => {
  it('translates catalogue keys and form texts, falling back to English', () => {
    const i18n = createRunnerI18n('de', texts);
    expect(i18n.t('forms.demo.fields.city.label')).toBe('Stadt');
    expect(i18n.t('forms.demo.only.english')).toBe('Only English');
    expect(createRunnerI18n('en').t('wizard.resumeTitle')).toBe('You have an in-progress booking!');
    expect(createRunnerI18n('en').t('errors.apiStatus', { status: 500 })).toBe('API responded with status 500');
    // German catalogue text with its placeholder filled; an unknown key, or a plain text passed through, as itself
    expect(createRunnerI18n('de').t('errors.apiStatus', { status: 503 })).toContain('503');
    expect(createRunnerI18n('de').t('errors.apiStatus', { status: 503 })).not.toBe('API responded with status 503');
    expect(createRunnerI18n('de').t('Nur ein Text. Mit Punkt: und Doppelpunkt')).toBe(
      'Nur ein Text. Mit Punkt: und Doppelpunkt',
    );
    expect(createRunnerI18n('de').t(undefined)).toBe('');
  });
});
