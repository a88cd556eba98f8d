/**
 * The real forms of schemas/ for the translations tests: the DSL forms as written, the CMS ones as the importer
 * turns them into DSL. And a walk over them written by hand, apart from the code under test, naming every place a
 * DSL text may sit, to check that `textEntries` misses none and invents none.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { detectCmsKind, importCms } from '../../../packages/core/src/import/index.js';

const SCHEMAS = fileURLToPath(new URL('../../../schemas/', import.meta.url));

export function realForms(): Array<[string, FormDefinition]> {
  const out: Array<[string, FormDefinition]> = [];
  for (const folder of readdirSync(SCHEMAS, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    for (const file of readdirSync(`${SCHEMAS}${folder.name}`)) {
      const doc: unknown = JSON.parse(readFileSync(`${SCHEMAS}${folder.name}/${file}`, 'utf8'));
      if (file.endsWith('.form.json')) out.push([file, doc as FormDefinition]);
      else if (file.endsWith('.cms.json')) {
        const kind = detectCmsKind(doc);
        const imported = kind ? importCms(kind, doc).definition : undefined;
        if (!imported) throw new Error(`${file} did not import`);
        out.push([file, imported]);
      }
    }
  }
  return out;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter(isObj) : []);

/** Pointers of every text, by hand (set semantics: the order is checked elsewhere). */
export function textPointersByHand(def: FormDefinition): string[] {
  const out: string[] = [];
  const text = (node: unknown, key: string, at: string) => {
    if (isObj(node) && node[key] !== undefined) out.push(`${at}/${key}`);
  };
  const submit = (s: unknown, at: string) => {
    if (!isObj(s)) return;
    text(s, 'errorMessage', at);
    list(s.messageMap).forEach((m, i) => {
      text(m, 'message', `${at}/messageMap/${i}`);
    });
    list(s.requiresStorage).forEach((m, i) => {
      text(m, 'message', `${at}/requiresStorage/${i}`);
    });
  };
  const labels = (l: unknown, at: string) => {
    for (const k of ['previous', 'next', 'done']) text(l, k, at);
  };
  const field = (f: Obj, at: string) => {
    for (const k of ['label', 'placeholder', 'description', 'tooltip', 'requiredMessage', 'invalidMessage'])
      text(f, k, at);
    for (const k of ['acceptRequiredMessage', 'content', 'hint']) text(f, k, at);
    list(f.labelIf).forEach((l, i) => {
      text(l, 'label', `${at}/labelIf/${i}`);
    });
    if (isObj(f.messages)) for (const k of ['type', 'size', 'count', 'failed']) text(f.messages, k, `${at}/messages`);
    list(f.options).forEach((o, i) => {
      text(o, 'label', `${at}/options/${i}`);
      text(o, 'description', `${at}/options/${i}`);
    });
    list(f.rules).forEach((r, i) => {
      text(r, 'message', `${at}/rules/${i}`);
    });
    submit(f.send, `${at}/send`);
    list(f.itemFields).forEach((g, i) => {
      field(g, `${at}/itemFields/${i}`);
    });
  };
  text(def, 'title', '');
  text(def, 'description', '');
  if (isObj(def.wizard)) labels(def.wizard.labels, '/wizard/labels');
  list(def.steps).forEach((step, s) => {
    const at = `/steps/${s}`;
    for (const k of ['title', 'headline', 'subText', 'tooltip', 'failureMessage']) text(step, k, at);
    labels(step.labels, `${at}/labels`);
    submit(step.submit, `${at}/submit`);
    list(step.sections).forEach((section, c) => {
      for (const k of ['headline', 'description', 'failureMessage']) text(section, k, `${at}/sections/${c}`);
      list(section.fields).forEach((f, i) => {
        field(f, `${at}/sections/${c}/fields/${i}`);
      });
    });
    list(step.fields).forEach((f, i) => {
      field(f, `${at}/fields/${i}`);
    });
  });
  submit(def.submit, '/submit');
  if (isObj(def.results)) {
    for (const which of ['success', 'failure']) {
      const r = def.results[which as 'success'];
      for (const k of ['title', 'mobileTitle', 'subTitle']) text(r, k, `/results/${which}`);
      if (isObj(r) && isObj(r.link)) text(r.link, 'label', `/results/${which}/link`);
    }
  }
  for (const key of Object.keys(def.texts ?? {})) out.push(`/texts/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  return out;
}
