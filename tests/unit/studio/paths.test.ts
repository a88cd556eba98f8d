import { describe, expect, it } from 'vitest';
import {
  dirnameOf,
  isFormPath,
  normalizePath,
  relativeSpecifier,
  resolvePath,
} from '../../../site/web/studio/paths.js';

describe('paths in the browser', () => {
  it('normalizes and resolves as posix paths do', () => {
    expect(normalizePath('a/./b/../c')).toBe('a/c');
    expect(normalizePath('/a/../../b')).toBe('/b');
    expect(normalizePath('../a/../../b')).toBe('../../b');
    expect(resolvePath('schemas/contact', '../shared/x.json')).toBe('schemas/shared/x.json');
    expect(resolvePath('schemas/contact', '/abs/x.json')).toBe('/abs/x.json');
    expect(dirnameOf('schemas/a.json')).toBe('schemas');
    expect(dirnameOf('a.json')).toBe('.');
    expect(dirnameOf('/a.json')).toBe('/');
  });

  it('names the meta-schema relative to a new file', () => {
    expect(relativeSpecifier('bookings', 'dsl.schema.json')).toBe('../dsl.schema.json');
    expect(relativeSpecifier('.', 'dsl.schema.json')).toBe('./dsl.schema.json');
    expect(relativeSpecifier('a/b', '../../x/dsl.schema.json')).toBe('../../../../x/dsl.schema.json');
  });

  it('accepts only plain relative *.form.json names for new files', () => {
    expect(isFormPath('bookings/summer-school.form.json')).toBe(true);
    expect(isFormPath('x.form.json')).toBe(true);
    for (const bad of [
      '../x.form.json',
      '/x.form.json',
      'a//x.form.json',
      '.hidden.form.json',
      'x.json',
      'a\\x.form.json',
    ]) {
      expect(isFormPath(bad), bad).toBe(false);
    }
  });
});
