import { act, render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Editor, type EditorHandle } from '../../../site/web/studio/Editor.js';
import { editorDiagnostics } from '../../../site/web/studio/ranges.js';

const TEXT = '{\n  "id": "demo",\n  "steps": [{ "id": "one", "fields": [{ "name": "a", "type": "bogus" }] }]\n}\n';

function setup(docKey = 'a.form.json', text = TEXT) {
  const ref = createRef<EditorHandle>();
  const onChange = vi.fn();
  const onHistory = vi.fn();
  const props = { label: 'Form definition (JSON)', phrases: {}, onChange, onHistory };
  const view = render(<Editor ref={ref} docKey={docKey} initialText={text} diagnostics={[]} {...props} />);
  return { ref, onChange, onHistory, props, ...view };
}

describe('the studio editor', () => {
  it('is a labelled text box that reports its text and shows the check’s diagnostics at their places', () => {
    const { container, onChange, rerender, ref, props } = setup();
    const content = container.querySelector('.cm-content');
    expect(content?.getAttribute('aria-label')).toBe('Form definition (JSON)');
    expect(content?.getAttribute('role')).toBe('textbox');
    expect(onChange).toHaveBeenLastCalledWith(TEXT);
    const diagnostics = editorDiagnostics(TEXT, 'a.form.json', [
      {
        severity: 'error',
        code: 'unknown-field-type',
        message: 'Field type bogus is not implemented!',
        pointer: '/steps/0/fields/0',
        file: 'a.form.json',
        line: 3,
        column: 38,
      },
    ]);
    rerender(<Editor ref={ref} docKey="a.form.json" initialText={TEXT} diagnostics={diagnostics} {...props} />);
    const marks = [...container.querySelectorAll('.cm-lintRange-error')].map((m) => m.textContent).join('');
    expect(marks).toBe('"bogus"');
  });

  it('undoes and redoes a replaced text, reporting the history depth', () => {
    const { ref, onChange, onHistory } = setup();
    act(() => ref.current?.replaceText('{}\n'));
    expect(onChange).toHaveBeenLastCalledWith('{}\n');
    expect(onHistory).toHaveBeenLastCalledWith({ undo: 1, redo: 0 });
    act(() => ref.current?.undo());
    expect(onChange).toHaveBeenLastCalledWith(TEXT);
    expect(onHistory).toHaveBeenLastCalledWith({ undo: 0, redo: 1 });
    act(() => ref.current?.redo());
    expect(onChange).toHaveBeenLastCalledWith('{}\n');
  });

  it('keeps each file’s text and history when switching files', () => {
    const { ref, onChange, rerender, props } = setup();
    act(() => ref.current?.replaceText('{"edited": true}\n'));
    rerender(<Editor ref={ref} docKey="b.form.json" initialText={'{"b": 1}\n'} diagnostics={[]} {...props} />);
    expect(onChange).toHaveBeenLastCalledWith('{"b": 1}\n');
    rerender(<Editor ref={ref} docKey="a.form.json" initialText={TEXT} diagnostics={[]} {...props} />);
    expect(onChange).toHaveBeenLastCalledWith('{"edited": true}\n');
    act(() => ref.current?.undo());
    expect(onChange).toHaveBeenLastCalledWith(TEXT);
  });
});
