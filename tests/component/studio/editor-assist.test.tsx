/**
 * The JSON view's completion and help in the real studio editor (CodeMirror, the meta-schema, the assistance), driven
 * by the keyboard as a person would: Ctrl+Space, arrows and Enter, F1 and Escape.
 */
import { act, render, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FIELD_TYPES, RULE_KINDS } from '../../../packages/core/src/dsl/types.js';
import { Editor, type EditorHandle } from '../../../site/web/studio/Editor.js';
import { CATALOGUES } from '../../../site/web/studio/i18n.js';

// jsdom has no layout: CodeMirror places its tooltips with these, so the test gives it empty boxes (a test double)
const box = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
Object.assign(Range.prototype, { getClientRects: () => [box], getBoundingClientRect: () => box });

const en = CATALOGUES.en as Record<string, string | undefined>;

/** The editor with the cursor at the `|` of a text. */
function open(marked: string) {
  const at = marked.indexOf('|');
  const text = marked.replace('|', '');
  const before = text.slice(0, at).split('\n');
  const ref = createRef<EditorHandle>();
  const onChange = vi.fn();
  const { container } = render(
    <Editor
      ref={ref}
      docKey="rental.form.json"
      initialText={text}
      label="Form definition (JSON)"
      phrases={{}}
      diagnostics={[]}
      onChange={onChange}
      onHistory={vi.fn()}
    />,
  );
  act(() => ref.current?.goTo(before.length, (before.at(-1)?.length ?? 0) + 1));
  const content = container.querySelector<HTMLElement>('.cm-content');
  if (!content) throw new Error('no editor');
  const press = (key: string, init: KeyboardEventInit = {}) =>
    act(() => {
      content.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }));
    });
  return { container, content, onChange, press };
}

/** Ctrl+Space, then the offered options as the list box shows them: label and detail. */
async function complete(editor: ReturnType<typeof open>) {
  editor.press(' ', { code: 'Space', keyCode: 32, ctrlKey: true });
  const list = await waitFor(() => {
    const box = editor.container.querySelector('.cm-tooltip-autocomplete [role="listbox"]');
    expect(box).not.toBeNull();
    return box as HTMLElement;
  });
  // the list box CodeMirror ties to the text box, so that screen readers announce the options
  expect(editor.content.getAttribute('aria-haspopup')).toBe('listbox');
  expect(editor.content.getAttribute('aria-controls')).toBe(list.id);
  expect(editor.content.getAttribute('aria-activedescendant')).toBe(`${list.id}-0`);
  return [...list.querySelectorAll('[role="option"]')].map((o) => ({
    label: o.querySelector('.cm-completionLabel')?.textContent ?? '',
    detail: o.querySelector('.cm-completionDetail')?.textContent ?? '',
  }));
}

// CodeMirror takes keys to the list only once it has been open a moment (its `interactionDelay`, 75 ms)
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

const form = (fields: string) =>
  `{
  "id": "rental", "title": "Rental", "version": 1,
  "steps": [
    { "id": "one", "title": "One", "fields": [
      { "name": "start", "type": "date", "label": "Start date" },
      { "name": "kind", "type": "select", "label": { "en": "Kind", "de": "Art" },
        "options": [{ "value": "car", "label": "Car" }, { "value": "van", "label": "Van" }] },
      ${fields}
    ] }
  ]
}
`;

describe('the studio editor’s completion and help', () => {
  it('offers every field type at "type": "|" with Ctrl+Space, and Enter writes the chosen one', async () => {
    const editor = open(form('{ "name": "licence", "type": "|" }'));
    const options = await complete(editor);
    const labels = options.map((o) => o.label);
    expect(labels.slice(0, 4)).toEqual(['text', 'email', 'textarea', 'phone']);
    expect(labels).toEqual(expect.arrayContaining(['select', 'date', 'upload']));
    expect(labels.filter((l) => (FIELD_TYPES as readonly string[]).includes(l))).toHaveLength(FIELD_TYPES.length);
    // each by the studio's human name where it has one (the palette's), else no detail
    expect(options.find((o) => o.label === 'email')?.detail).toBe(en['palette.type.email'] ?? '');

    await settle();
    editor.press('ArrowDown', { keyCode: 40 });
    editor.press('Enter', { keyCode: 13 });
    expect(editor.onChange).toHaveBeenLastCalledWith(form('{ "name": "licence", "type": "email" }'));
  });

  it('offers the form’s other fields with their labels in a condition, and the tested field’s options', async () => {
    const fields = await complete(
      open(form('{ "name": "licence", "type": "upload", "visibleIf": { "any": [{ "field": "|" }] } }')),
    );
    // never the field whose condition it is
    expect(fields).toEqual([
      { label: 'start', detail: 'Start date' },
      { label: 'kind', detail: 'Kind' },
    ]);
    const choices = await complete(
      open(form('{ "name": "licence", "type": "upload", "visibleIf": { "field": "kind", "equals": "|" } }')),
    );
    expect(choices).toEqual([
      { label: 'car', detail: 'Car' },
      { label: 'van', detail: 'Van' },
    ]);
  });

  it('offers the rule names inside a rules item, even in a broken text, and writes the key with its colon', async () => {
    const broken = form('{ "name": "licence", "type": "text", "rules": [{ "|" }] }').replace(
      '"version": 1,',
      '"version": 1',
    );
    const editor = open(broken);
    const options = await complete(editor);
    expect(options.filter((o) => o.detail === 'rule').map((o) => o.label)).toEqual([...RULE_KINDS]);
    await settle();
    editor.press('Enter', { keyCode: 13 });
    expect(editor.onChange).toHaveBeenLastCalledWith(broken.replace('"|"', '"pattern": '));
  });

  it('keeps offering property names where no value is due', async () => {
    const names = (await complete(open(form('{ "name": "licence", "type": "select", "|" }')))).map((o) => o.label);
    expect(names).toEqual(expect.arrayContaining(['visibleIf', 'options', 'display']));
    expect(names).not.toContain('name');
  });

  it('answers F1 with the plain sentence hovering shows, in a tooltip and for screen readers', async () => {
    const editor = open(
      form('{ "name": "licence", "type": "upload", "visi|bleIf": { "field": "kind", "equals": "van" } }'),
    );
    editor.press('F1', { code: 'F1', keyCode: 112 });
    const help = await waitFor(() => {
      const el = editor.container.querySelector('.cm-tooltip.cm-antrag-help');
      expect(el).not.toBeNull();
      return el?.textContent ?? '';
    });
    expect(help).toBe(
      'The field is present only while this condition holds (e.g. semester only for students); while hidden it is not required.',
    );
    expect(editor.container.querySelector('.cm-announced')?.textContent).toContain(help);
    editor.press('Escape', { code: 'Escape', keyCode: 27 });
    expect(editor.container.querySelector('.cm-antrag-help')).toBeNull();

    const required = open(form('{ "name": "licence", "type": "upload", "requ|ired": true }'));
    required.press('F1', { code: 'F1', keyCode: 112 });
    const text = await waitFor(() => {
      const el = required.container.querySelector('.cm-tooltip.cm-antrag-help');
      expect(el).not.toBeNull();
      return el?.textContent ?? '';
    });
    expect(text).toBe('The field must have a value.');
    expect(text).not.toMatch(/anyOf|#\//);
  });
});
