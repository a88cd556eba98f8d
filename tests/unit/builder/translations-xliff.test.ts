import { describe, expect, it } from 'vitest';
import { applyXliff, textEntries, textsToXliff } from '../../../packages/core/src/builder/index.js';
import { pointerOfUnitId, unitId } from '../../../packages/core/src/builder/xliff.js';
import type { FormDefinition, Locale } from '../../../packages/core/src/dsl/types.js';
import { realForms } from './translations-forms.js';

const form: FormDefinition = {
  id: 'rental',
  title: 'Rental',
  version: 1,
  texts: { 'odd/key~1': { en: 'Odd', de: 'Seltsam' } },
  steps: [
    {
      id: 'rental',
      title: { en: 'Rental', de: 'Miete' },
      fields: [
        { name: 'start', type: 'date', label: 'Start date' },
        {
          name: 'note',
          type: 'info',
          content: { en: 'A & B <tag> "q"\r\nline 2 👋 ', de: ' A & B <Tag> „q“\r\nZeile 2 👋🏽 ' },
        },
        { name: 'rtl', type: 'text', label: { en: 'Name', de: 'שם مرحبا' } },
      ],
    },
  ],
};

const de = (def: FormDefinition) => textsToXliff(textEntries(def), 'de', def.id);

/** An XLIFF file around the given units, from English into `target`. */
function xliff(units: string, target = 'de', source = 'en'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="${source}" trgLang="${target}">
  <file id="f1">
${units}
  </file>
</xliff>`;
}

const unit = (pointer: string, source: string, target: string) =>
  `    <unit id="${unitId(pointer)}"><segment><source>${source}</source><target>${target}</target></segment></unit>`;

describe('XLIFF export', () => {
  it('writes well-formed XLIFF 2.0 from English into one language, a unit per text with its place as a note', () => {
    const xml = de(form);
    // well-formed: the import, which checks that first, reads it without a problem
    expect(applyXliff(form, xml).problems).toEqual([]);
    expect(xml).toContain('srcLang="en" trgLang="de"');
    expect(xml).toContain('<unit id=":steps:0:title" name="/steps/0/title"');
    expect(xml).toContain('<note category="location">Step &quot;Rental&quot; › title</note>');
    expect(xml).toContain('<source>A &amp; B &lt;tag&gt; &quot;q&quot;&#13;\nline 2 👋 </source>');
    // an untranslated text has no target and is marked as such
    expect(xml).toMatch(
      /name="\/steps\/0\/fields\/0\/label"[\s\S]*?<segment state="initial">\s*<source>Start date<\/source>\s*<\/segment>/,
    );
  });

  it('makes every unit id an XML name token that reads back as its pointer', () => {
    for (const pointer of ['/steps/0/title', '/texts/odd~1key~01', '/texts/a b_c:ü']) {
      expect(unitId(pointer)).toMatch(/^[A-Za-z0-9._:-]+$/);
      expect(pointerOfUnitId(unitId(pointer))).toBe(pointer);
    }
  });

  it('refuses English as the target', () => {
    expect(() => textsToXliff(textEntries(form), 'en')).toThrow(/English/);
  });
});

describe('XLIFF import', () => {
  it.each(realForms().flatMap(([name, def]) => (['de', 'zh'] as Locale[]).map((l) => [name, l, def] as const)))(
    'round-trips %s in %s unchanged',
    (_name, locale, def) => {
      const result = applyXliff(def, textsToXliff(textEntries(def), locale));
      expect(result.problems).toEqual([]);
      expect(result.applied).toBe(0);
      expect(result.definition).toEqual(def);
    },
  );

  it('brings markup characters, CRLF, spaces, emoji and right-to-left text back exactly', () => {
    const bare: FormDefinition = JSON.parse(
      JSON.stringify(form, (_k, v) => (v && typeof v === 'object' && 'en' in v ? { en: v.en } : v)),
    );
    const result = applyXliff(bare, de(form));
    expect(result.problems).toEqual([]);
    expect(result.applied).toBe(4);
    expect(result.definition).toEqual(form);
  });

  it('takes a translation tool’s file: groups, several segments, attributes in another order', () => {
    const xml = xliff(`<group id="g"><unit name="/steps/0/fields/0/label" id="${unitId('/steps/0/fields/0/label')}">
      <segment><source>Start </source><target>Beginn</target></segment>
      <segment><source>date</source><target>datum</target></segment></unit></group>`);
    const result = applyXliff(form, xml);
    expect(result.problems).toEqual([]);
    expect(result.definition.steps[0]?.fields?.[0]?.label).toEqual({ en: 'Start date', de: 'Beginndatum' });
  });

  it('reports unknown units and units that name no text, with their line', () => {
    const xml = xliff(
      [
        unit('/steps/7/title', 'Gone', 'Weg'),
        unit('/steps/0/id', 'rental', 'miete'),
        unit('/title', 'Rental', 'Miete'),
      ].join('\n'),
    );
    const result = applyXliff(form, xml);
    expect(result.applied).toBe(1);
    expect(result.problems).toEqual([
      expect.objectContaining({
        line: 4,
        severity: 'error',
        message: expect.stringMatching(/unknown pointer \/steps\/7\/title/),
      }),
      expect.objectContaining({ line: 5, severity: 'error', message: expect.stringMatching(/no longer names a text/) }),
    ]);
  });

  it('refuses a unit whose English source changed since the export, naming the place', () => {
    const result = applyXliff(form, xliff(unit('/title', 'Rentals', 'Mieten')));
    expect(result.applied).toBe(0);
    expect(result.definition).toBe(form);
    expect(result.problems).toEqual([
      expect.objectContaining({
        line: 4,
        severity: 'error',
        message: expect.stringMatching(
          /Form "rental" › title: the English text here changed.*not applied; export again/,
        ),
      }),
    ]);
  });

  it('takes a unit whose text moved to where its English now is, and says where', () => {
    const two: FormDefinition = {
      ...form,
      steps: [
        { id: 'confirm', title: 'Confirm', fields: [] },
        { id: 'rental', title: 'Rental', fields: [] },
      ],
    };
    // exported when "Rental" was the first step and "Confirm" the second
    const old = xliff(
      [unit('/steps/0/title', 'Rental', 'Miete'), unit('/steps/1/title', 'Confirm', 'Bestätigen')].join('\n'),
    );
    const result = applyXliff(two, old);
    expect(result.definition.steps.map((s) => s.title)).toEqual([
      { en: 'Confirm', de: 'Bestätigen' },
      { en: 'Rental', de: 'Miete' },
    ]);
    expect(result.applied).toBe(2);
    expect(result.problems).toEqual([
      expect.objectContaining({
        line: 4,
        severity: 'warning',
        message: expect.stringMatching(/moved.*Step "Rental" › title/),
      }),
      expect.objectContaining({
        line: 5,
        severity: 'warning',
        message: expect.stringMatching(/moved.*Step "Confirm" › title/),
      }),
    ]);
  });

  it('refuses another source language, an unknown target language and another XLIFF version', () => {
    expect(applyXliff(form, xliff(unit('/title', 'Rental', 'Miete'), 'de', 'fr')).problems).toEqual([
      expect.objectContaining({ line: 2, message: expect.stringMatching(/source language is "fr"/) }),
    ]);
    expect(applyXliff(form, xliff(unit('/title', 'Rental', 'x'), 'en')).problems[0]?.message).toMatch(
      /target language "en"/,
    );
    expect(applyXliff(form, xliff(unit('/title', 'Rental', 'x'), 'ja')).problems[0]?.message).toMatch(
      /target language "ja"/,
    );
    expect(applyXliff(form, xliff('').replace('version="2.0"', 'version="1.2"')).problems[0]?.message).toMatch(
      /version 1\.2/,
    );
    expect(applyXliff(form, '<html><body/></html>').problems[0]?.message).toMatch(/not an XLIFF file/);
  });

  it('reports malformed XML with its line and column', () => {
    const result = applyXliff(form, xliff('    <unit id="x"><segment><source>a</source>\n</unit>'));
    expect(result.applied).toBe(0);
    expect(result.definition).toBe(form);
    expect(result.problems).toEqual([
      expect.objectContaining({
        line: 5,
        column: expect.any(Number),
        message: expect.stringMatching(/not well-formed XML/),
      }),
    ]);
    expect(applyXliff(form, '<xliff version="2.0" srcLang="en" trgLang="de"><file>').problems[0]?.message).toMatch(
      /not well-formed/,
    );
  });

  it('refuses a DOCTYPE: no external entity (XXE) is read and no entity is expanded', () => {
    const xxe = `<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n${xliff(
      unit('/title', 'Rental', '&secret;'),
    )
      .split('\n')
      .slice(1)
      .join('\n')}`;
    const result = applyXliff(form, xxe);
    expect(result.definition).toBe(form);
    expect(result.problems).toEqual([
      expect.objectContaining({ line: 2, column: 1, message: expect.stringMatching(/DOCTYPE/) }),
    ]);
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n<xliff>&lol2;</xliff>`;
    expect(applyXliff(form, laughs).problems[0]?.message).toMatch(/DOCTYPE/);
  });

  it('refuses inline markup it cannot keep', () => {
    const result = applyXliff(form, xliff(unit('/title', 'Rental', 'Mie<ph id="1"/>te')));
    expect(result.applied).toBe(0);
    expect(result.problems[0]?.message).toMatch(/inline markup/);
  });

  it('refuses a file over 2 MB and a target over the length limit', () => {
    const huge = xliff(unit('/title', 'Rental', 'x'.repeat(2 * 1024 * 1024)));
    expect(applyXliff(form, huge).problems[0]?.message).toMatch(/2 MB/);
    const long = applyXliff(form, xliff(unit('/title', 'Rental', 'x'.repeat(5001))));
    expect(long.applied).toBe(0);
    expect(long.problems[0]?.message).toMatch(/at most 5000/);
  });
});
