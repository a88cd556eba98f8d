/**
 * `antrag typegen <paths…> --out <dir>`: one `<form-id>.d.ts` per form, the type of one whole application,
 * generated with json-schema-to-typescript from the form's whole-form JSON Schema.
 *
 * The compiled schema is made for validation (messages, our keywords, conditional fields in `if`/`then`), so it is
 * first projected to the part that describes the data's shape: fields shown under a condition become optional
 * properties with their schema, constraints that narrow a value (enum, const) are kept, everything else goes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';
import type { CompiledForm, JsonSchema } from '@antrag/core/compile/types';
import { isObject } from '@antrag/core/json';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import { expandPaths } from './discover.js';
import { artefactName, type FormOptions, fileReport, loadForm } from './forms.js';
import type { LocatedDiagnostic } from './load.js';
import { displayPath } from './paths.js';
import { diagnosticLine, type FileReport, finishCommand, type Io, type OutputFormat } from './report.js';

type Node = Record<string, unknown>;

/** `kitchen-sink` → `KitchenSinkData`. */
export function typeName(formId: string): string {
  const words = formId.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  return `${/^[0-9]/.test(name) || name === '' ? `Form${name}` : name}Data`;
}

/** Adds what `source` says about the shape to `target`, without overriding what `target` says. */
function mergeShape(target: Node, source: Node): void {
  for (const [key, value] of Object.entries(source)) {
    if (key === 'properties' && isObject(value)) {
      if (!isObject(target.properties)) target.properties = {};
      const props = target.properties as Node;
      for (const [name, schema] of Object.entries(value)) {
        if (isObject(props[name]) && isObject(schema)) mergeShape(props[name] as Node, schema);
        else if (!(name in props)) props[name] = schema;
      }
    } else if (key === 'items' && isObject(value) && isObject(target.items)) {
      mergeShape(target.items, value);
    } else if (key === 'required' && Array.isArray(value) && Array.isArray(target.required)) {
      target.required = [...new Set([...(target.required as string[]), ...(value as string[])])];
    } else if (!(key in target)) {
      target[key] = value;
    }
  }
}

/** The part of a validation schema that describes the data's shape (see the module comment). */
export function shapeSchema(node: unknown): Node | boolean {
  if (typeof node === 'boolean') return node;
  if (!isObject(node)) return {};
  const out: Node = {};
  for (const key of ['type', 'enum', 'const'] as const) if (key in node) out[key] = node[key];
  const text = [node.title, node.description].filter((t): t is string => typeof t === 'string' && t !== '');
  if (text.length) out.description = text.join(': ');
  if (isObject(node.properties)) {
    out.properties = Object.fromEntries(Object.entries(node.properties).map(([k, v]) => [k, shapeSchema(v)]));
  }
  if (Array.isArray(node.required)) out.required = node.required;
  if ('additionalProperties' in node) out.additionalProperties = shapeSchema(node.additionalProperties);
  if (Array.isArray(node.items)) out.items = node.items.map(shapeSchema);
  else if ('items' in node) out.items = shapeSchema(node.items);
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(node[key])) out[key] = (node[key] as unknown[]).map(shapeSchema);
  }
  for (const member of Array.isArray(node.allOf) ? node.allOf : []) {
    if (!isObject(member)) continue;
    if ('if' in member) {
      // a conditional field: its schema applies when it is present; required only under the condition
      const then = member.then;
      if (isObject(then) && isObject(then.properties)) {
        if (!isObject(out.properties)) out.properties = {};
        const props = out.properties as Node;
        for (const [name, schema] of Object.entries(then.properties)) {
          const shape = shapeSchema(schema);
          // only a field's own schema says what it holds; a `then` that only makes it required (minLength: 1,
          // const: true for a checkbox) says nothing about it while the condition does not hold
          if (!isObject(shape) || !('type' in shape || 'anyOf' in shape || 'oneOf' in shape)) continue;
          if (isObject(props[name])) mergeShape(props[name] as Node, shape);
          else props[name] = shape;
        }
      }
    } else {
      const shape = shapeSchema(member);
      if (isObject(shape)) {
        delete shape.description;
        mergeShape(out, shape);
      }
    }
  }
  return out;
}

/**
 * How a header names the form's file: relative to the working folder, or by its name alone when it lies outside
 * (an absolute path would differ on every machine and tell where someone keeps their files).
 */
export function sourceLabel(file: string, cwd = process.cwd()): string {
  const shown = displayPath(file, cwd);
  return isAbsolute(shown) ? basename(file) : shown;
}

/** The TypeScript declarations of one form's data. */
export async function formTypes(form: CompiledForm, sourceLabel: string, prettier = true): Promise<string> {
  const name = typeName(form.id);
  const shape = shapeSchema(form.schema as JsonSchema) as Node;
  const english = typeof form.schema.title === 'string' ? `"${form.schema.title}" ` : '';
  const root = {
    ...shape,
    title: name,
    description: `One application of the form ${english}(${form.id}), as the server receives it.`,
  };
  const declarations = await compile(root as JSONSchema, name, {
    bannerComment: `/* eslint-disable */\n/**\n * Generated by \`antrag typegen\` from ${sourceLabel}. Do not edit: change the form and run typegen again.\n */`,
    additionalProperties: true,
    unknownAny: true,
    strictIndexSignatures: true,
    ignoreMinAndMaxItems: true,
    declareExternallyReferenced: true,
    // prettier is most of the time taken (about 35 of 40 ms for a small form)
    format: prettier,
  });
  return declarations.replace(/\s*$/, '\n');
}

export interface TypegenOptions {
  format: OutputFormat;
  options: FormOptions;
  out: string;
  /** Format the declarations with prettier (default true). */
  prettier?: boolean;
}

export async function generateTypes(paths: string[], opts: TypegenOptions, io: Io): Promise<number> {
  const files = expandPaths(paths);
  const outDir = resolve(opts.out);
  const reports: FileReport[] = [];
  const diagnostics: LocatedDiagnostic[] = [];
  const written: Array<{ file: string; form: string; out: string; type: string }> = [];
  const claimed = new Map<string, string>();
  const text = opts.format === 'text';

  for (const file of files) {
    const source = loadForm(file, opts.options);
    const problems = [...source.diagnostics];
    if (source.form) {
      const target = join(outDir, `${artefactName(source.form.id, opts.options)}.d.ts`);
      const owner = claimed.get(target);
      try {
        if (owner) throw new Error(`form id '${source.form.id}' is also the id of ${displayPath(owner)}; not written`);
        claimed.set(target, file);
        const declarations = await formTypes(source.form, sourceLabel(file), opts.prettier ?? true);
        mkdirSync(outDir, { recursive: true });
        writeFileSync(target, declarations);
        written.push({ file, form: source.form.id, out: target, type: typeName(source.form.id) });
        if (text) io.stdout(`wrote ${displayPath(target)} (${typeName(source.form.id)})\n`);
      } catch (e) {
        problems.push({
          severity: 'error',
          code: owner ? 'duplicate-form-id' : 'typegen-failure',
          message: owner ? (e as Error).message : `could not generate types: ${(e as Error).message}`,
          ...source.document.locate(''),
        });
      }
    }
    reports.push(fileReport(source, problems));
    diagnostics.push(...problems);
    if (text) for (const d of problems) io.stdout(`${diagnosticLine(d)}\n`);
  }

  const outputs = written.map((w) => ({ ...w, file: displayPath(w.file), out: displayPath(w.out) }));
  return finishCommand(io, opts.format, 'typegen', 'typed', reports, diagnostics, outputs);
}
