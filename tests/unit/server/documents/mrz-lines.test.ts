import { parse } from 'mrz';
import { describe, expect, it } from 'vitest';
import { correctTd3, findTd3, fitLength, icaoCheckDigit } from '../../../../site/server/documents/mrz-lines.js';
import { checkDigit, SAMPLE, td3Lines } from '../../../fixtures/server/passport-image.js';

const [line1, line2] = td3Lines({ ...SAMPLE, number: 'C01X00T47' });

describe('MRZ line correction', () => {
  it('computes ICAO check digits like the independent test helper', () => {
    for (const text of ['C01X00T47', '030812', '310101', '<<<<<<<<<<<<<<', 'L898902C3', 'ZE184226B']) {
      expect(String(icaoCheckDigit(text))).toBe(checkDigit(text));
    }
    // ICAO 9303 part 4 specimen: document number L898902C3 has check digit 6.
    expect(icaoCheckDigit('L898902C3')).toBe(6);
  });

  it('fixes letters in digit fields and digits in letter fields by position', () => {
    // Birth date 030812 read as O3OB12, given name ERIKA read as ER1KA.
    const bad2 = line2.replace('030812', 'O3OB12');
    const bad1 = line1.replace('ERIKA', 'ER1KA');
    const { lines, corrections } = correctTd3([bad1, bad2]);
    expect(lines).toEqual([line1, line2]);
    expect(corrections.every((c) => !c.guessed)).toBe(true);
    expect(corrections.map((c) => c.field).sort()).toEqual(['birthDate', 'birthDate', 'birthDate', 'name']);
    expect(parse(lines).valid).toBe(true);
  });

  it('repairs O/0 in the mixed document number by its check digits and marks it as guessed', () => {
    const read = `CO1X0OT47${line2.slice(9)}`;
    const { lines, corrections } = correctTd3([line1, read]);
    expect(lines[1]).toBe(line2);
    expect(corrections.filter((c) => c.guessed).map((c) => [c.column, c.from, c.to])).toEqual([
      [1, 'O', '0'],
      [5, 'O', '0'],
    ]);
  });

  it('drops a doubled glyph in line 2 where the check digits say so', () => {
    // Measured: tesseract read 'C01X00T47' as 'CO01X00T47' (one glyph read as two).
    const found = findTd3([
      { text: line1, confidence: 95 },
      { text: line2.replace('C01', 'CO01'), confidence: 95 },
    ]);
    expect(found?.lines).toEqual([line1, line2]);
    expect(found?.validCheckDigits).toBe(5);
  });

  it('leaves a mixed field alone when several swaps would satisfy its check digit', () => {
    // S5S5S5S5S read as 55S5S5S5S: swapping position 0 back fixes it, but so does another single swap
    // (S/5 differ by 23; weights 7, 3, 1 make some pairs cancel out mod 10). No guess is taken.
    const [l1, l2] = td3Lines({ ...SAMPLE, number: 'S5S5S5S5S' });
    const read = `5${l2.slice(1)}`;
    const { lines, corrections } = correctTd3([l1, read]);
    expect(lines[1]).toBe(read);
    expect(corrections).toEqual([]);
  });

  it('restores a lost or extra filler in a long < run', () => {
    expect(fitLength(line1.slice(0, 42), 0)).toBe(line1);
    expect(fitLength(line2.replace('<<<<', '<<<'), 1)).toBe(line2);
    expect(fitLength(line2.replace('<<<<', '<<<<<'), 1)).toBe(line2);
    expect(fitLength('P<DEU', 0)).toBeNull();
  });

  it('finds the MRZ pair among other OCR lines', () => {
    const [pol1, pol2] = td3Lines({ ...SAMPLE, issuingState: 'POL', nationality: 'POL' });
    const found = findTd3([
      { text: 'REISEPASS PASSPORT', confidence: 90 },
      { text: 'NAME MUSTERMANN', confidence: 90 },
      { text: `${pol1.slice(0, 22)} ${pol1.slice(22)}\n`, confidence: 96 },
      // The nationality as tesseract reads it with the whitelist: P0L.
      { text: pol2.replace('POL', 'P0L'), confidence: 94 },
    ]);
    expect(found?.lines).toEqual([pol1, pol2]);
    expect(found?.validCheckDigits).toBe(5);
    expect(found?.confidence).toBe(95);
    expect(findTd3([{ text: 'NO MRZ HERE', confidence: 90 }])).toBeNull();
  });
});
