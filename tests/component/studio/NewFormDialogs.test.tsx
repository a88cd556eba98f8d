/**
 * The studio's "New form" and import dialogs: they open with the focus in the box a person fills in, and Enter
 * there creates (or converts) when the input is valid, and does nothing when it is not.
 */

import { readFileSync } from 'node:fs';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ImportDialog, NewFormDialog, typingElsewhere } from '../../../site/web/studio/Dialogs.js';
import { NewStoreFormDialog } from '../../../site/web/studio/NewStoreFormDialog.js';

// no motion: the dialog is there at once (jsdom never reports the end of a transition)
const still = (ui: ReactNode) => render(<ConfigProvider theme={{ token: { motion: false } }}>{ui}</ConfigProvider>);

describe('NewFormDialog', () => {
  const taken = (path: string) => path === 'taken.form.json';

  it('opens with the focus in the file name box, and Enter creates the form', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    still(<NewFormDialog open folder="schemas" taken={taken} onCancel={() => {}} onCreate={onCreate} />);
    const box = await screen.findByLabelText('File in schemas');
    await waitFor(() => expect(document.activeElement).toBe(box));
    await user.clear(box);
    await user.type(box, 'rental.form.json{Enter}');
    expect(onCreate).toHaveBeenCalledWith('blank', 'rental.form.json');
  });

  it('does not create on Enter while the name is taken or not a form file', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    still(<NewFormDialog open folder="schemas" taken={taken} onCancel={() => {}} onCreate={onCreate} />);
    const box = await screen.findByLabelText('File in schemas');
    await user.clear(box);
    await user.type(box, 'taken.form.json{Enter}');
    await user.clear(box);
    await user.type(box, 'notes.txt{Enter}');
    expect(onCreate).not.toHaveBeenCalled();
  });
});

describe('NewStoreFormDialog', () => {
  const taken = (id: string) => id === 'taken';

  it('opens with the focus in the form id box, and Enter creates the form', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    still(<NewStoreFormDialog open taken={taken} onCancel={() => {}} onCreate={onCreate} />);
    const box = await screen.findByLabelText('Form id');
    await waitFor(() => expect(document.activeElement).toBe(box));
    await user.keyboard('summer-school{Enter}');
    expect(onCreate).toHaveBeenCalledWith('blank', 'summer-school');
  });

  it('does not create on Enter with an empty, invalid or taken id', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    still(<NewStoreFormDialog open taken={taken} onCancel={() => {}} onCreate={onCreate} />);
    const box = await screen.findByLabelText('Form id');
    await user.type(box, '{Enter}');
    await user.type(box, 'Bad Id{Enter}');
    await user.clear(box);
    await user.type(box, 'taken{Enter}');
    expect(onCreate).not.toHaveBeenCalled();
  });
});

describe('ImportDialog', () => {
  const cms = readFileSync('schemas/booking-v2/booking-v2.cms.json', 'utf8');
  const dialog = (onImported: () => void) =>
    still(
      <ImportDialog
        open
        folder="schemas"
        schemaRef={() => '../dsl.schema.json'}
        taken={() => false}
        onCancel={() => {}}
        onImported={onImported}
      />,
    );

  it('opens with the focus in the definition box', async () => {
    dialog(() => {});
    const box = await screen.findByLabelText('CMS definition (JSON)');
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('converts on Enter in the file name box once there is a definition, not before', async () => {
    const user = userEvent.setup();
    const onImported = vi.fn();
    dialog(onImported);
    const name = await screen.findByLabelText('File in schemas');
    await user.type(name, '{Enter}');
    expect(onImported).not.toHaveBeenCalled();
    // pasted, as a person would (typing the JSON would read its braces as keys)
    await user.click(screen.getByLabelText('CMS definition (JSON)'));
    await user.paste(cms);
    await user.type(name, '{Enter}');
    expect(onImported).toHaveBeenCalledWith(
      'imported.form.json',
      expect.objectContaining({ definition: expect.anything() }),
    );
  });

  it('over the form store refuses a name with a folder or capitals, saying why, and converts a form id', async () => {
    const user = userEvent.setup();
    const onImported = vi.fn();
    still(
      <ImportDialog
        open
        store
        folder=""
        schemaRef={() => 'dsl.schema.json'}
        taken={() => false}
        onCancel={() => {}}
        onImported={onImported}
      />,
    );
    const definitionBox = await screen.findByLabelText('CMS definition (JSON)');
    // the dialog's own first focus has landed before anything is typed
    await waitFor(() => expect(document.activeElement).toBe(definitionBox));
    await user.click(definitionBox);
    await user.paste(cms);
    const name = screen.getByLabelText(/^File in/);
    for (const bad of ['reviews/uni-review.form.json', 'Uni_Review.form.json', '../x.form.json', 'x']) {
      await user.clear(name);
      await user.type(name, `${bad}{Enter}`);
      expect(screen.getByRole('alert').textContent).toContain('In the form store a form is named after its id');
      expect(screen.getByRole('button', { name: 'Convert to a form' }).hasAttribute('disabled')).toBe(true);
    }
    expect(onImported).not.toHaveBeenCalled();
    await user.clear(name);
    await user.type(name, 'uni-review.form.json{Enter}');
    expect(onImported).toHaveBeenCalledWith('uni-review.form.json', expect.anything());
  });
});

describe('a dialog’s first focus', () => {
  it('leaves a person typing in a text box where they are', () => {
    const input = document.createElement('input');
    document.body.append(input);
    expect(typingElsewhere()).toBe(false);
    input.focus();
    expect(typingElsewhere()).toBe(true);
    input.remove();
  });
});
