/**
 * The JSON editor: CodeMirror 6 with completion and hover help from `schemas/dsl.schema.json` (values and rule names
 * by place, one plain sentence of help on hover or F1: `assist/`; other property names: codemirror-json-schema), undo
 * history per file, and the studio's diagnostics (those of `antrag validate`) set
 * from outside. Tab is left to move the focus (keyboard users are not trapped); Ctrl/Cmd+S reaches the page, which
 * saves.
 */

import dslSchema from '@antrag/core/dsl.schema.json' with { type: 'json' };
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, redo, redoDepth, undo, undoDepth } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  foldKeymap,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { type Diagnostic, lintGutter, lintKeymap, setDiagnostics } from '@codemirror/lint';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { Compartment, EditorSelection, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { jsonCompletion, stateExtensions } from 'codemirror-json-schema';
import type { JSONSchema7 } from 'json-schema';
import { forwardRef, useContext, useEffect, useImperativeHandle, useRef } from 'react';
import { jsonAssist } from './assist/jsonAssist.js';
import { type SchemaNode, SchemaPlaces } from './assist/schemaPlaces.js';
import { Suggest } from './assist/suggest.js';
import { StudioTContext } from './i18n.js';
import type { EditorDiagnostic } from './ranges.js';

export interface EditorHandle {
  undo(): void;
  redo(): void;
  focus(): void;
  /** Replaces the text as one undoable change (an import, a builder edit): only the part that differs. */
  replaceText(text: string): void;
  /** Puts the cursor at a 1-based line and column and scrolls it into view. */
  goTo(line: number, column: number): void;
}

export interface HistoryDepth {
  undo: number;
  redo: number;
}

interface EditorProps {
  /** The open file: each has its own text, selection and undo history. */
  docKey: string;
  /** The text a file starts with the first time it is opened. */
  initialText: string;
  label: string;
  /** CodeMirror's own texts (search panel, folding…) in the page's language, by their English text. */
  phrases: Record<string, string>;
  diagnostics: readonly EditorDiagnostic[];
  onChange(text: string): void;
  onHistory(depth: HistoryDepth): void;
}

/** The editor's accessible name names the open file. */
const labelled = new Compartment();
// an explicit tab stop: the content is focusable anyway (contenteditable), but tools checking that the scrolling
// editor can be reached by keyboard look for it
const attributes = (label: string) =>
  EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', tabindex: '0' });
const labelOf = (label: string) => labelled.of(attributes(label));

const theme = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: '#fff' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', overflow: 'auto' },
  '&.cm-focused': { outline: '2px solid #1d4ed8', outlineOffset: '-2px' },
  '.cm-tooltip': { maxWidth: '36rem' },
});

// the meta-schema read once: value completion and hover help by place (assist/)
const suggest = new Suggest(new SchemaPlaces(dslSchema as SchemaNode));

function toCodeMirror(list: readonly EditorDiagnostic[], length: number): Diagnostic[] {
  return list.map((d) => {
    const from = Math.min(d.from, length);
    return {
      from,
      to: Math.max(from, Math.min(d.to, length)),
      severity: d.severity,
      message: d.message,
      source: d.code,
    };
  });
}

export const Editor = forwardRef<EditorHandle, EditorProps>(function Editor(props, ref) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const states = useRef(new Map<string, EditorState>());
  const current = useRef(props.docKey);
  // the callbacks change every render; the editor's listeners read the latest ones
  const latest = useRef(props);
  latest.current = props;
  const t = useContext(StudioTContext);
  const latestT = useRef(t);
  latestT.current = t;

  const extensions = useRef<Extension[] | undefined>(undefined);
  if (!extensions.current) {
    extensions.current = [
      lineNumbers(),
      highlightActiveLineGutter(),
      foldGutter(),
      lintGutter(),
      history(),
      drawSelection(),
      indentOnInput(),
      bracketMatching(),
      closeBrackets(),
      autocompletion(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      json(),
      jsonAssist({ suggest, t: () => latestT.current, fallback: jsonCompletion() }),
      stateExtensions(dslSchema as unknown as JSONSchema7),
      keymap.of([
        ...closeBracketsKeymap,
        ...defaultKeymap,
        ...searchKeymap,
        ...historyKeymap,
        ...foldKeymap,
        ...completionKeymap,
        ...lintKeymap,
      ]),
      labelOf(props.label),
      EditorState.phrases.of(props.phrases),
      EditorView.lineWrapping,
      theme,
      EditorView.updateListener.of((update) => {
        if (update.docChanged) latest.current.onChange(update.state.doc.toString());
        if (update.docChanged || update.transactions.length > 0) {
          latest.current.onHistory({ undo: undoDepth(update.state), redo: redoDepth(update.state) });
        }
      }),
    ];
  }

  const stateFor = (key: string, text: string) =>
    states.current.get(key) ?? EditorState.create({ doc: text, extensions: extensions.current });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the view is made once; files switch below
  useEffect(() => {
    if (!host.current) return;
    const v = new EditorView({ state: stateFor(props.docKey, props.initialText), parent: host.current });
    view.current = v;
    latest.current.onChange(v.state.doc.toString());
    latest.current.onHistory({ undo: undoDepth(v.state), redo: redoDepth(v.state) });
    return () => {
      states.current.set(current.current, v.state);
      v.destroy();
      view.current = undefined;
    };
  }, []);

  // another file: keep this one's state (text, selection, history), bring the other's back
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new file switches the state
  useEffect(() => {
    const v = view.current;
    if (!v || current.current === props.docKey) return;
    states.current.set(current.current, v.state);
    current.current = props.docKey;
    const next = stateFor(props.docKey, props.initialText);
    v.setState(next);
    latest.current.onChange(next.doc.toString());
    latest.current.onHistory({ undo: undoDepth(next), redo: redoDepth(next) });
  }, [props.docKey]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new file keeps its own state, labelled again
  useEffect(() => {
    view.current?.dispatch({
      effects: labelled.reconfigure(attributes(props.label)),
    });
  }, [props.label, props.docKey]);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    v.dispatch(setDiagnostics(v.state, toCodeMirror(props.diagnostics, v.state.doc.length)));
  }, [props.diagnostics]);

  useImperativeHandle(
    ref,
    () => ({
      undo: () => {
        if (view.current) undo(view.current);
      },
      redo: () => {
        if (view.current) redo(view.current);
      },
      focus: () => view.current?.focus(),
      replaceText: (text) => {
        const v = view.current;
        if (!v) return;
        // only the part that differs: the builder's typing stays one undo step per pause, the cursor in place
        const before = v.state.doc.toString();
        if (before === text) return;
        let start = 0;
        while (start < before.length && start < text.length && before[start] === text[start]) start += 1;
        let end = 0;
        while (
          end < before.length - start &&
          end < text.length - start &&
          before[before.length - 1 - end] === text[text.length - 1 - end]
        ) {
          end += 1;
        }
        v.dispatch({ changes: { from: start, to: before.length - end, insert: text.slice(start, text.length - end) } });
      },
      goTo: (line, column) => {
        const v = view.current;
        if (!v) return;
        const doc = v.state.doc;
        const at = doc.line(Math.max(1, Math.min(line, doc.lines)));
        const pos = Math.min(at.to, at.from + Math.max(0, column - 1));
        v.dispatch({ selection: EditorSelection.cursor(pos), scrollIntoView: true });
        v.focus();
      },
    }),
    [],
  );

  return <div ref={host} className="antrag-studio-editor" />;
});
