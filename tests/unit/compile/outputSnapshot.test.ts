/**
 * The compiler's output for every shipped form and every form fixture, in each variant its options allow, held as a
 * hash of the compiled form (as `antrag compile` writes form.json) and its diagnostics. A refactoring of the compiler
 * must leave every hash as it is; a change that means to alter the output updates them (`npx vitest run -u`).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { FormDefinition, JsonPrimitive } from '../../../packages/core/src/dsl/types.js';
import { detectCmsKind, importCms } from '../../../packages/core/src/import/index.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Form definitions (DSL and CMS documents), not the JSON Schemas beside them. */
function formFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
    .map((f) => relative(ROOT, join(ROOT, dir, f)))
    .sort();
}

/** Every combination of the form's option values (a boolean both ways, an enum each value). */
function variants(def: FormDefinition | undefined): Array<Record<string, JsonPrimitive>> {
  let out: Array<Record<string, JsonPrimitive>> = [{}];
  for (const [name, option] of Object.entries(def?.options ?? {})) {
    const values: JsonPrimitive[] = option.type === 'boolean' ? [false, true] : (option.enum ?? [option.default]);
    out = out.flatMap((v) => values.map((value) => ({ ...v, [name]: value })));
  }
  return out;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** form+variant → hash of `{ form, diagnostics }`, the way the CLI writes JSON. */
function outputHashes(files: string[]): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const file of files) {
    const doc: unknown = JSON.parse(readFileSync(join(ROOT, file), 'utf8'));
    const kind = detectCmsKind(doc);
    const imported = kind ? importCms(kind, doc) : { definition: doc as FormDefinition, diagnostics: [] };
    for (const options of variants(imported.definition)) {
      const result = imported.definition ? compileForm(imported.definition, { options }) : undefined;
      const text = `${JSON.stringify({ imported: imported.diagnostics, ...result }, null, 2)}\n`;
      const tag = Object.entries(options).map(([k, v]) => `${k}=${String(v)}`);
      hashes[[file, ...tag].join(' ')] = sha(text);
    }
  }
  return hashes;
}

describe('compiled output', () => {
  it('is the same for every shipped form in every variant', () => {
    expect(outputHashes(formFiles('schemas'))).toMatchInlineSnapshot(`
      {
        "schemas/blocked-account/blocked-account.form.json faceVerification=false": "63f91b72fa95046c",
        "schemas/blocked-account/blocked-account.form.json faceVerification=true": "6374e896a639b6f7",
        "schemas/blocked-account/kyc-reverification.form.json": "db5ae1ede9ab970e",
        "schemas/booking-v1/booking-v1.cms.json": "397450a9c16beb0d",
        "schemas/booking-v2/booking-v2.cms.json": "1d2ab605ff054b14",
        "schemas/contact/contact-enquiry.form.json mobile=false": "fd2322428811f962",
        "schemas/contact/contact-enquiry.form.json mobile=true": "10911753fa336c65",
        "schemas/health-insurance/health-insurance-booking.form.json": "f1b36de7191ce385",
        "schemas/health-insurance/pre-subscription.form.json": "93e570571e343312",
        "schemas/review/university-review.cms.json": "c181d2ee7cca203e",
      }
    `);
  });

  it('is the same for every form fixture in every variant', () => {
    expect(
      outputHashes([...formFiles('tests/fixtures/dsl'), ...formFiles('tests/fixtures/cms')]),
    ).toMatchInlineSnapshot(`
      {
        "tests/fixtures/cms/booking-v1.bad-shape.json": "73899866b278a856",
        "tests/fixtures/cms/booking-v1.edge.json": "34d30d8f106851e1",
        "tests/fixtures/cms/booking-v1.full.json": "51e38c3788472ecd",
        "tests/fixtures/cms/booking-v1.nulls.json": "aba381517aacfaf9",
        "tests/fixtures/cms/booking-v1.unknown-type.json": "0c821bf63c586e0e",
        "tests/fixtures/cms/booking-v2.bad-shape.json": "34528ab78af8be00",
        "tests/fixtures/cms/booking-v2.edge.json": "f74fb108d9118ac4",
        "tests/fixtures/cms/booking-v2.full.json": "aa43730ff74fd19e",
        "tests/fixtures/cms/booking-v2.nulls.json": "81abe18f3dd8aa90",
        "tests/fixtures/cms/booking-v2.unknown-type.json": "9fc0f36c93737942",
        "tests/fixtures/cms/review.bad-shape.json": "b42038393b492b9b",
        "tests/fixtures/cms/review.edge.json": "644a5dd85f4c1bd9",
        "tests/fixtures/cms/review.full.json": "f095f1a0430059b9",
        "tests/fixtures/cms/review.nulls.json": "c45e15251e9a8db3",
        "tests/fixtures/cms/review.unknown-type.json": "0dab918805527f2c",
        "tests/fixtures/dsl/invalid/bad-field-name.form.json": "014a7b944a2fed53",
        "tests/fixtures/dsl/invalid/missing-name.form.json": "f4833e62c164a50b",
        "tests/fixtures/dsl/invalid/rule-two-keys.form.json": "c0826d477597ebf4",
        "tests/fixtures/dsl/invalid/typo-in-payer-item.form.json": "3814b015e5619800",
        "tests/fixtures/dsl/invalid/typo-property.form.json": "a566c04831505a1f",
        "tests/fixtures/dsl/invalid/unknown-field-type.form.json": "0f1cc04ba05dd4bf",
        "tests/fixtures/dsl/invalid/unknown-locale.form.json": "5e33c08874293f84",
        "tests/fixtures/dsl/kitchen-sink.form.json faceVerification=false audience=student": "2402b3b98336e540",
        "tests/fixtures/dsl/kitchen-sink.form.json faceVerification=false audience=trainee": "87c7ef74801fa00b",
        "tests/fixtures/dsl/kitchen-sink.form.json faceVerification=true audience=student": "f7a22972182d96e1",
        "tests/fixtures/dsl/kitchen-sink.form.json faceVerification=true audience=trainee": "5e32ed110ca7f68b",
      }
    `);
  });

  it('is the same on a second compile of the same input (no state kept between compiles)', () => {
    const files = formFiles('schemas');
    expect(outputHashes(files)).toEqual(outputHashes(files));
  });
});
