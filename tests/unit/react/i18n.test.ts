import { describe, expect, it } from 'vitest';
import { createRunnerI18n, resourcesFor } from '../../../packages/react/src/engine/i18n.js';
// the server's and the tests' catalogue: every language (the web app loads the one it shows)
import '../../../packages/core/src/i18n/index.js';

const texts = {
  'forms.demo.fields.city.label': { en: 'City', de: 'Stadt' },
  'forms.demo.only.english': { en: 'Only English' },
};

describe('runner i18n', () => {
  it('nests the form texts into the catalogue', () => {
    const de = resourcesFor('de', texts) as { forms: { demo: { fields: { city: { label: string } } } } };
    expect(de.forms.demo.fields.city.label).toBe('Stadt');
  });

  it('translates catalogue keys and form texts, falling back to English', () => {
    const i18n = createRunnerI18n('de', texts);
    expect(i18n.t('forms.demo.fields.city.label')).toBe('Stadt');
    expect(i18n.t('forms.demo.only.english')).toBe('Only English');
    expect(createRunnerI18n('en').t('wizard.resumeTitle')).toBe('You have an in-progress booking!');
    expect(createRunnerI18n('en').t('errors.apiStatus', { status: 500 })).toBe('API responded with status 500');
  });
});
