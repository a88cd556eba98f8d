/**
 * A form text nested far deeper than any form (issue 18, the attacker's pass: a draft of `[` × 20,000 left every
 * staff member's studio blank, "Maximum call stack size exceeded", on every reload, the form being remembered as
 * the one opened last). The studio over a folder, the folder's API answered by a stubbed fetch: the page renders,
 * the problem names the limit, and the rest of the page (the file picker, another file) keeps working.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FolderBackend } from '../../../site/web/studio/backend.js';
import { BufferStore } from '../../../site/web/studio/buffers.js';
import { Studio } from '../../../site/web/studio/Studio.js';

const LEVELS = 20_000;
const deepArray = `${'['.repeat(LEVELS)}${']'.repeat(LEVELS)}`;
/** Deep inside a form-shaped object: past parseDefinition's shape checks, into the builder if nothing stops it. */
const deepForm = `{ "id": "deep", "title": "Deep", "version": 1, "steps": [{ "id": "a", "title": "A", "fields": [{ "name": "x", "type": "text", "label": "X", "rules": ${deepArray} }] }] }`;
const fine = JSON.stringify({
  id: 'fine',
  title: 'Fine',
  version: 1,
  steps: [{ id: 'a', title: 'A', fields: [{ name: 'first', type: 'text', label: 'First' }] }],
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function folder(texts: Record<string, string>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://studio.test').searchParams.get('path') ?? '';
      return path in texts ? json({ text: texts[path], etag: `e-${path}` }) : json({ message: 'not found' }, 404);
    }),
  );
  const files = Object.keys(texts).map((path) => ({ path, size: texts[path].length, modified: '2024-01-01' }));
  return { folder: 'schemas', dslSchema: 'dsl.schema.json', files };
}

function renderStudio(texts: Record<string, string>, view: 'builder' | 'json') {
  localStorage.clear();
  localStorage.setItem('antrag-studio-view', view);
  const info = folder(texts);
  const store = new BufferStore(localStorage, info.folder);
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <Studio info={info} store={store} backend={new FolderBackend()} />
    </ConfigProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a text nested deeper than 256 levels', () => {
  for (const view of ['builder', 'json'] as const) {
    for (const [name, text] of [
      ['a bare array', deepArray],
      ['a form with a deep value', deepForm],
    ] as const) {
      it(`in the ${view} view, ${name}: the page renders and names the limit`, async () => {
        renderStudio({ 'deep.form.json': text, 'fine.form.json': fine }, view);
        const problems = await screen.findByTestId('studio-problems', {}, { timeout: 5000 });
        await waitFor(() => expect(problems.textContent).toMatch(/nested deeper than 256 levels/), { timeout: 5000 });
        // the picker still works: another form opens and is checked
        expect(screen.getByRole('combobox', { name: 'Form file' })).toBeTruthy();
      });
    }
  }

  it('opens another form after the deep one', async () => {
    renderStudio({ 'deep.form.json': deepForm, 'fine.form.json': fine }, 'builder');
    const problems = await screen.findByTestId('studio-problems', {}, { timeout: 5000 });
    await waitFor(() => expect(problems.textContent).toMatch(/nested deeper than 256 levels/), { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Form file' }));
    await user.click(await screen.findByTitle('schemas/fine.form.json'));
    await waitFor(() => expect(screen.getByTestId('studio-problem-count').textContent).toMatch(/No problems|0/), {
      timeout: 5000,
    });
  });
});
