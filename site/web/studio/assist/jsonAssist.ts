/**
 * The JSON view's assistance as CodeMirror extensions: completion of values by place (field types, enums, the form's
 * fields in conditions, a tested field's options) and of a rules item's rule names, with the schema package's
 * completion (`fallback`) for other property names; hover help in one plain sentence; and the same sentence by
 * keyboard (F1, or Ctrl/Cmd+K then Ctrl/Cmd+I) in a tooltip at the cursor, announced to screen readers.
 */
import {
  type Completion,
  type CompletionContext,
  type CompletionResult,
  type CompletionSource,
  pickedCompletion,
} from '@codemirror/autocomplete';
import { jsonLanguage } from '@codemirror/lang-json';
import { type EditorState, type Extension, Prec, StateEffect, StateField } from '@codemirror/state';
import { EditorView, hoverTooltip, keymap, showTooltip, type Tooltip } from '@codemirror/view';
import type { StudioKey, StudioT } from '../i18n.js';
import { documentValue, type PlaceAt, placeAt, tokenAt } from './jsonTree.js';
import type { Suggest, Suggestion } from './suggest.js';

export interface AssistOptions {
  suggest: Suggest;
  /** The studio's texts now (the page's language may change while the editor lives). */
  t(): StudioT;
  /** Completion of property names where this module has nothing of its own to offer. */
  fallback: (context: CompletionContext) => CompletionResult | readonly never[] | null;
}

/** A text of the studio's catalogue, or undefined where it has none (`t` answers with the key). */
function optional(t: StudioT, key: string): string | undefined {
  const text = t(key as StudioKey);
  return text === key ? undefined : text;
}

const TYPES: Record<Suggestion['kind'], string> = {
  property: 'property',
  rule: 'function',
  value: 'enum',
  fieldType: 'type',
  field: 'variable',
  option: 'constant',
};

function toCompletion(s: Suggestion, index: number, at: PlaceAt, t: StudioT): Completion {
  const json = JSON.stringify(s.value);
  const label = typeof s.value === 'string' ? s.value : json;
  let detail = s.detail;
  let info = s.description;
  if (s.kind === 'fieldType' && typeof s.value === 'string') {
    detail = optional(t, `palette.type.${s.value}`) ?? detail;
    info = optional(t, `palette.type.${s.value}.description`) ?? info;
  }
  if (s.kind === 'rule') detail = t('assist.rule');
  // in the order given (the schema's, the form's), which CodeMirror would otherwise make alphabetical
  const completion: Completion = { label, type: TYPES[s.kind], boost: Math.max(-99, 99 - index) };
  if (detail) completion.detail = detail;
  if (info) completion.info = info;
  completion.apply = (view, picked, from, to) => {
    let insert: string;
    let start = from;
    let end = to;
    if (at.place.kind === 'key') {
      const name = JSON.stringify(String(s.value));
      // inside the quotes: the name, its closing quote and a colon unless one follows
      if (at.quoted) {
        end = at.unclosed ? to : to + 1;
        insert = `${name.slice(1)}${at.hasColon ? '' : ': '}`;
      } else insert = `${name}: `;
    } else if (at.quoted && typeof s.value === 'string') {
      insert = json.slice(1, at.unclosed ? undefined : -1);
    } else if (at.quoted && at.token) {
      // a number or true / false where a string was begun: the literal in place of the quotes
      start = at.token.from;
      end = Math.max(to + (at.unclosed ? 0 : 1), at.token.to);
      insert = json;
    } else insert = json;
    view.dispatch({
      changes: { from: start, to: end, insert },
      selection: { anchor: start + insert.length },
      userEvent: 'input.complete',
      annotations: pickedCompletion.of(picked),
    });
  };
  return completion;
}

/** The fallback's result, if it offers anything (it answers `[]` for nothing). */
function theirs(options: AssistOptions, context: CompletionContext): CompletionResult | null {
  const result = options.fallback(context);
  return result && 'options' in result && result.options.length > 0 ? result : null;
}

function completionSource(options: AssistOptions): CompletionSource {
  return (context) => {
    const at = placeAt(context.state, context.pos);
    if (!at) return theirs(options, context);
    const suggestions = options.suggest.suggestions(documentValue(context.state), at.place);
    // property names: the schema package's offers (as before), ours where it has none; values and rule names: ours
    if (!suggestions.some((s) => s.kind !== 'property')) {
      const offered = theirs(options, context);
      if (offered) return offered;
    }
    if (suggestions.length === 0) return null;
    const t = options.t();
    return {
      from: at.from,
      to: at.to,
      options: suggestions.map((s, i) => toCompletion(s, i, at, t)),
      validFor: at.quoted ? /^[^"\\]*$/ : /^$/,
    };
  };
}

/** The sentence for the token at a position, with its range; a field type's in the studio's language when it has one. */
function helpAt(state: EditorState, pos: number, options: AssistOptions, side: -1 | 1) {
  const token = tokenAt(state, pos, side);
  if (!token) return undefined;
  const said = options.suggest.describe(documentValue(state), token.place);
  if (!said) return undefined;
  const text = (said.fieldType && optional(options.t(), `palette.type.${said.fieldType}.description`)) ?? said.text;
  return { text, from: token.from, to: token.to };
}

function helpDom(text: string) {
  const dom = document.createElement('div');
  dom.className = 'cm-antrag-help';
  dom.textContent = text;
  return { dom };
}

const showHelp = StateEffect.define<Tooltip | null>();

/** The keyboard's help tooltip: shown by the command, gone with the next edit, move or Escape. */
const helpField = StateField.define<Tooltip | null>({
  create: () => null,
  update(value, tr) {
    for (const effect of tr.effects) if (effect.is(showHelp)) return effect.value;
    return tr.docChanged || tr.selection ? null : value;
  },
  provide: (field) => showTooltip.from(field),
});

function helpCommand(options: AssistOptions) {
  return (view: EditorView) => {
    const pos = view.state.selection.main.head;
    const help = helpAt(view.state, pos, options, -1) ?? helpAt(view.state, pos, options, 1);
    const text = help?.text ?? options.t()('assist.noHelp');
    const tooltip: Tooltip = { pos: help?.from ?? pos, above: true, create: () => helpDom(text) };
    view.dispatch({ effects: [showHelp.of(tooltip), EditorView.announce.of(text)] });
    return true;
  };
}

const hideHelp = (view: EditorView) => {
  if (!view.state.field(helpField, false)) return false;
  view.dispatch({ effects: showHelp.of(null) });
  return true;
};

export function jsonAssist(options: AssistOptions): Extension {
  const help = helpCommand(options);
  return [
    jsonLanguage.data.of({ autocomplete: completionSource(options) }),
    hoverTooltip((view, pos, side) => {
      const found = helpAt(view.state, pos, options, side);
      return found ? { pos: found.from, end: found.to, above: true, create: () => helpDom(found.text) } : null;
    }),
    helpField,
    EditorView.baseTheme({ '.cm-tooltip.cm-antrag-help': { padding: '4px 8px', maxWidth: '32rem' } }),
    Prec.high(
      keymap.of([
        { key: 'F1', run: help, preventDefault: true },
        { key: 'Mod-k Mod-i', run: help, preventDefault: true },
        { key: 'Escape', run: hideHelp },
      ]),
    ),
  ];
}
