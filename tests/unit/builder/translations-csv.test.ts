import { describe, expect, it } from 'vitest';
import { applyCsv, MAX_FILE_BYTES, textEntries, textsToCsv } from '../../../packages/core/src/builder/index.js';
import type { FormDefinition, LocalizedText } from '../../../packages/core/src/dsl/types.js';
import { realForms } from './translations-forms.js';

const tricky: LocalizedText = {
  en: 'Say "hi", then\nwave; 👋',
  de: '„Hallo“, dann\r\nwinken, 👋🏽',
  fr: '  espaces autour  ',
  vi: 'Xin chào',
  es: '¿Qué?',
  zh: '你好，世界',
  ru: 'Привет',
};

const form: FormDefinition = {
  id: 'rental',
  title: 'Rental',
  version: 1,
  steps: [
    {
      id: 'rental',
      title: { en: 'Rental', de: 'Miete' },
      fields: [
        { name: 'start', type: 'date', label: 'Start date' },
        { name: 'note', type: 'info', content: tricky },
        { name: 'rtl', type: 'text', label: { en: 'Name', de: 'שם (עברית) مرحبا' } },
        { name: 'formula', type: 'text', label: { en: '=1+1', de: '@SUM(A1)', fr: "'quoted", es: '-2', vi: '+3' } },
        { name: 'kind', type: 'select', label: { key: 'validation.required' }, options: [{ value: 'a', label: 'A' }] },
      ],
    },
  ],
};

/** The definition with every language but English taken out, as a translator would receive it. */
function englishOnly(def: FormDefinition): FormDefinition {
  return JSON.parse(
    JSON.stringify(def, (_key, value) => (value && typeof value === 'object' && 'en' in value ? value.en : value)),
  ) as FormDefinition;
}

describe('CSV export', () => {
  const csv = textsToCsv(textEntries(form));

  it('starts with a byte-order mark and a header of pointer, context and the languages, CRLF line ends', () => {
    expect(csv.startsWith('\uFEFFpointer,context,en,de,fr,vi,es,zh,ru\r\n')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('puts an apostrophe before a cell a spreadsheet would run as a formula', () => {
    const row = csv.split('\r\n').find((line) => line.startsWith('/steps/0/fields/3/label'));
    expect(row).toBe(
      `/steps/0/fields/3/label,Step "Rental" › =1+1 › label,'=1+1,'@SUM(A1),''quoted,'+3,'-2,,`.replace(
        'Step "Rental" › =1+1 › label',
        '"Step ""Rental"" › =1+1 › label"',
      ),
    );
  });

  it('leaves out { key } references, which are translated in their catalogue', () => {
    expect(csv).not.toContain('/steps/0/fields/4/label');
    expect(csv).toContain('/steps/0/fields/4/options/0/label');
  });

  it('writes only the languages asked for, English always first', () => {
    const header = textsToCsv(textEntries(form), ['de']).split('\r\n')[0];
    expect(header).toBe('\uFEFFpointer,context,en,de');
  });
});

describe('CSV import', () => {
  it.each(realForms())('round-trips %s unchanged', (_name, def) => {
    const result = applyCsv(def, textsToCsv(textEntries(def)));
    expect(result.problems).toEqual([]);
    expect(result.applied).toBe(0);
    expect(result.definition).toEqual(def);
  });

  it('brings quotes, line breaks, commas, emoji, right-to-left text and formula-like texts back exactly', () => {
    const csv = textsToCsv(textEntries(form));
    const result = applyCsv(englishOnly(form), csv);
    expect(result.problems).toEqual([]);
    expect(result.definition).toEqual({
      ...form,
      // a { key } reference stays as it is; its texts are not in the file
      steps: [{ ...form.steps[0], fields: form.steps[0]?.fields }],
    });
    expect(result.applied).toBe(12);
  });

  it('reads Excel’s semicolon-separated CSV with a byte-order mark and CRLF', () => {
    const excel = '\uFEFFpointer;context;en;de\r\n/steps/0/fields/0/label;"Start; date";Start date;Beginn\r\n\r\n';
    const result = applyCsv(form, excel);
    expect(result.problems).toEqual([]);
    expect(result.definition.steps[0]?.fields?.[0]?.label).toEqual({ en: 'Start date', de: 'Beginn' });
  });

  it('takes an empty cell as "not translated": nothing is deleted', () => {
    const result = applyCsv(form, 'pointer,en,de\n/steps/0/title,Rental,\n');
    expect(result.applied).toBe(0);
    expect(result.definition).toBe(form);
  });

  it('reports unknown pointers, pointers that name no text, unknown languages and repeated rows by line', () => {
    const csv = [
      'pointer,context,en,de,xx',
      '/steps/9/title,,Gone,Weg,',
      '/steps/0/id,,rental,miete,',
      '/steps/0/title,,Rental,Mietvertrag,',
      '/steps/0/title,,Rental,Nochmal,',
      ',,,Ohne,',
    ].join('\n');
    const result = applyCsv(form, csv);
    expect(result.applied).toBe(1);
    expect(result.definition.steps[0]?.title).toEqual({ en: 'Rental', de: 'Mietvertrag' });
    expect(result.problems).toEqual([
      expect.objectContaining({
        line: 1,
        column: 5,
        severity: 'warning',
        message: expect.stringMatching(/"xx".*not a language/),
      }),
      expect.objectContaining({
        line: 2,
        severity: 'error',
        message: expect.stringMatching(/unknown pointer \/steps\/9\/title/),
      }),
      expect.objectContaining({ line: 3, severity: 'error', message: expect.stringMatching(/no longer names a text/) }),
      expect.objectContaining({ line: 5, message: expect.stringMatching(/given twice/) }),
      expect.objectContaining({ line: 6, column: 1, message: expect.stringMatching(/no pointer/) }),
    ]);
  });

  it('refuses a row whose English source changed since the export, naming the place; nothing is written', () => {
    const result = applyCsv(form, 'pointer,en,de\n/steps/0/fields/0/label,Starting date,Beginn\n');
    expect(result.applied).toBe(0);
    expect(result.definition).toBe(form);
    expect(result.problems).toEqual([
      expect.objectContaining({
        line: 2,
        column: 2,
        severity: 'error',
        message: expect.stringMatching(
          /Start date › label: the English text here changed since the export.*not applied; export again/,
        ),
      }),
    ]);
  });

  describe('a file exported before the steps were reordered', () => {
    const step = (id: string, title: string, de: string, label: string, labelDe: string) => ({
      id,
      title: { en: title, de },
      fields: [{ name: id, type: 'text' as const, label: { en: label, de: labelDe } }],
    });
    const translated: FormDefinition = {
      id: 'rental',
      title: 'Rental',
      version: 1,
      steps: [
        step('rental', 'Rental', 'Miete', 'Name', 'Name des Mieters'),
        step('extras', 'Extras', 'Zusätze', 'Email', 'E-Mail'),
        step('confirm', 'Confirm', 'Bestätigen', 'Name', 'Ihr Name'),
      ],
    };
    // lines: 2 /title, 3-4 step 0 (Rental, Name), 5-6 step 1 (Extras, Email), 7-8 step 2 (Confirm, Name)
    const old = textsToCsv(textEntries(translated));
    // "Extras" moved above "Rental" after the export, and the form is English only (all German is in the file)
    const [rental, extras, confirm] = englishOnly(translated).steps;
    const moved: FormDefinition = {
      ...englishOnly(translated),
      steps: [extras, rental, confirm] as typeof translated.steps,
    };

    it('never writes a translation onto another text: each goes where its English is, or nowhere', () => {
      const result = applyCsv(moved, old);
      expect(result.definition.steps.map((s) => s.title)).toEqual([
        { en: 'Extras', de: 'Zusätze' },
        { en: 'Rental', de: 'Miete' },
        { en: 'Confirm', de: 'Bestätigen' },
      ]);
      expect(result.definition.steps.map((s) => s.fields?.[0]?.label)).toEqual([
        { en: 'Email', de: 'E-Mail' },
        // two fields are labelled "Name" now: where the first step's "Name" row belongs cannot be told
        'Name',
        { en: 'Name', de: 'Ihr Name' },
      ]);
      // the form's own title "Rental" is not a step title: it does not make the step title "Rental" ambiguous
      expect(result.definition.title).toBe('Rental');
      expect(result.applied).toBe(5);
    });

    it('reports a moved text as a warning naming where it went, an ambiguous one as an error', () => {
      const { problems } = applyCsv(moved, old);
      expect(problems.filter((p) => p.severity === 'warning')).toEqual([
        expect.objectContaining({ line: 3, message: expect.stringMatching(/moved.*Step "Rental" › title/) }),
        expect.objectContaining({ line: 5, message: expect.stringMatching(/moved.*Step "Extras" › title/) }),
        expect.objectContaining({ line: 6, message: expect.stringMatching(/moved.*Email › label/) }),
      ]);
      expect(problems.filter((p) => p.severity === 'error')).toEqual([
        expect.objectContaining({
          line: 4,
          column: 3,
          message: expect.stringMatching(
            /Step "Extras" › Email › label: the English text here changed since the export.*not applied; export again/,
          ),
        }),
      ]);
    });

    it('finds an option whose old place names nothing now by its English, and applies it there', () => {
      // a step with a select moved below a step without one: the old pointer of its option names nothing
      const withOptions: FormDefinition = {
        id: 'rental',
        title: 'Rental',
        version: 1,
        steps: [
          {
            id: 'vehicle',
            title: { en: 'Vehicle', de: 'Fahrzeug' },
            fields: [
              {
                name: 'kind',
                type: 'select',
                label: { en: 'Kind', de: 'Art' },
                options: [
                  { value: 'car', label: { en: 'Car', de: 'Auto' } },
                  { value: 'van', label: { en: 'Van', de: 'Transporter' } },
                ],
              },
            ],
          },
          {
            id: 'notes',
            title: { en: 'Notes', de: 'Notizen' },
            fields: [{ name: 'note', type: 'text', label: 'Note' }],
          },
        ],
      };
      const exported = textsToCsv(textEntries(withOptions));
      const english = englishOnly(withOptions);
      const reordered: FormDefinition = {
        ...english,
        steps: [english.steps[1], english.steps[0]] as typeof english.steps,
      };
      const result = applyCsv(reordered, exported);
      type Select = { options: Array<{ value: unknown; label: unknown }> } | undefined;
      const optionsOf = (def: FormDefinition) => (def.steps[1]?.fields?.[0] as Select)?.options ?? [];
      expect(optionsOf(reordered)).toHaveLength(2);
      expect(optionsOf(result.definition)).toEqual([
        { value: 'car', label: { en: 'Car', de: 'Auto' } },
        { value: 'van', label: { en: 'Van', de: 'Transporter' } },
      ]);
      expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    });

    it('refuses a moved row when the file also has a row that matches that place as it is', () => {
      const csv = 'pointer,en,de\n/steps/1/title,Rental,Miete\n/steps/0/title,Rental,Alt\n';
      const result = applyCsv(moved, csv);
      expect(result.definition.steps[1]?.title).toEqual({ en: 'Rental', de: 'Miete' });
      expect(result.applied).toBe(1);
      expect(result.problems).toEqual([
        expect.objectContaining({ line: 3, severity: 'error', message: expect.stringMatching(/not applied/) }),
      ]);
    });
  });

  it('refuses a cell over the length limit, naming its line and column', () => {
    const result = applyCsv(form, `pointer,en,de\n/steps/0/title,Rental,${'x'.repeat(5001)}\n`);
    expect(result.applied).toBe(0);
    expect(result.problems).toEqual([
      expect.objectContaining({
        line: 2,
        column: 3,
        severity: 'error',
        message: expect.stringMatching(/5001 characters; at most 5000/),
      }),
    ]);
  });

  it('refuses a file over 2 MB without reading it', () => {
    const huge = `pointer,en,de\n${'/steps/0/title,Rental,Miete\n'.repeat(Math.ceil(MAX_FILE_BYTES / 27) + 1)}`;
    const result = applyCsv(form, huge);
    expect(result.applied).toBe(0);
    expect(result.definition).toBe(form);
    expect(result.problems).toEqual([
      expect.objectContaining({ line: 1, message: expect.stringMatching(/at most 2097152 \(2 MB\)/) }),
    ]);
  });

  it('counts multi-byte characters in the size limit', () => {
    // 700,000 three-byte characters are 2.1 MB though under 2 million characters
    const result = applyCsv(form, `pointer,en,de\n/steps/0/title,Rental,${'你'.repeat(700_000)}\n`);
    expect(result.problems[0]?.message).toMatch(/2 MB/);
  });

  it('reports a broken quote with its line and leaves that row out', () => {
    const result = applyCsv(
      form,
      'pointer,en,de\n/steps/0/title,Rental,"Miete\n/steps/0/fields/0/label,Start date,Beginn\n',
    );
    expect(result.applied).toBe(0);
    expect(result.problems[0]).toMatchObject({ line: 2, severity: 'error' });
  });

  it('refuses a file without a pointer column, and an empty file', () => {
    expect(applyCsv(form, 'id,en,de\nx,y,z\n').problems[0]?.message).toMatch(/no "pointer" column/);
    expect(applyCsv(form, '').problems[0]?.message).toMatch(/empty/);
    expect(applyCsv(form, '\uFEFF').problems[0]?.message).toMatch(/empty/);
  });

  it('keeps a text that is itself a formula as text: nothing is evaluated, the apostrophe alone is taken off', () => {
    const result = applyCsv(form, `pointer,en,de\n/steps/0/title,Rental,"'=HYPERLINK(""http://evil"")"\n`);
    expect(result.definition.steps[0]?.title).toEqual({ en: 'Rental', de: '=HYPERLINK("http://evil")' });
    const again = textsToCsv(textEntries(result.definition));
    expect(again).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it('refuses to write into a { key } reference', () => {
    const result = applyCsv(form, 'pointer,en,de\n/steps/0/fields/4/label,,Pflicht\n');
    expect(result.applied).toBe(0);
    expect(result.problems).toEqual([
      expect.objectContaining({ line: 2, message: expect.stringMatching(/validation\.required/) }),
    ]);
  });
});
