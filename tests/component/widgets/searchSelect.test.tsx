import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openList } from './lists.js';
import { renderForm } from './renderForm.js';

const schema = { type: 'object' as const, properties: { city: { type: 'string' as const } } };
const uiSchema = (allowCustom: boolean) => ({
  city: {
    'ui:widget': 'searchSelect',
    'ui:title': 'City',
    'ui:options': {
      display: 'searchable',
      allowCustom,
      options: [
        { value: 'ber', label: 'Berlin' },
        { value: 'bre', label: 'Bremen' },
        { value: 'muc', label: 'Munich' },
      ],
    },
  },
});

describe('searchSelect widget', () => {
  it('filters options by case-insensitive label substring after the debounce', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema: uiSchema(false) });
    await openList(user, 'City');
    await user.keyboard('BR');
    // the search is debounced 200 ms: the list settles to the matches
    await waitFor(() =>
      expect(screen.getAllByTitle(/^(Berlin|Bremen|Munich)$/).map((o) => o.title)).toEqual(['Bremen']),
    );
    await user.click(screen.getByTitle('Bremen'));
    expect(latest().city).toBe('bre');
  });

  it('keeps an unmatched typed value as a custom option when allowCustom', async () => {
    const user = userEvent.setup();
    const { latest } = renderForm({ schema, uiSchema: uiSchema(true) });
    await openList(user, 'City');
    await user.keyboard('Leipzig');
    await waitFor(() => expect(screen.getByTitle('Leipzig')).toBeTruthy());
    expect(screen.queryByTitle('Berlin')).toBeNull();
    await user.click(screen.getByTitle('Leipzig'));
    expect(latest().city).toBe('Leipzig');
  });

  it('offers no custom option without allowCustom', async () => {
    const user = userEvent.setup();
    renderForm({ schema, uiSchema: uiSchema(false) });
    await openList(user, 'City');
    await user.keyboard('Leipzig');
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTitle('Leipzig')).toBeNull();
  });
});
