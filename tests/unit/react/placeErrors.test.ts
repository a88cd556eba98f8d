import { describe, expect, it } from 'vitest';
import type { CompiledForm } from '../../../packages/core/src/compile/types.js';
import type { FieldError } from '../../../packages/core/src/validate/validator.js';
import { placeErrors } from '../../../packages/react/src/engine/validator.js';

const form = {
  uiSchema: {
    country: { 'ui:field': 'country' },
    phoneNumber: { 'ui:field': 'phone' },
    payers: { 'ui:field': 'payers' },
    address: {},
  },
} as unknown as CompiledForm;

const error = (path: string, message: string): FieldError =>
  ({ path, field: path.split('/')[1], message, messageKey: 'k' }) as FieldError;

describe('placeErrors: where a step shows an error', () => {
  it("moves an error inside a one-control field's value up to the field, once per message", () => {
    const placed = placeErrors(
      [
        error('/country/iso', 'The data is invalid!'),
        error('/phoneNumber/phoneNumber', 'Please enter digits only'),
        error('/phoneNumber', 'Invalid phone number'),
        error('/phoneNumber/areaCode', 'Please enter digits only'),
      ],
      form,
      new Set(['payers']),
    );
    expect(placed.map((e) => `${e.path} ${e.message}`)).toEqual([
      '/country The data is invalid!',
      '/phoneNumber Please enter digits only',
      '/phoneNumber Invalid phone number',
    ]);
  });

  it('leaves errors where fields show their parts themselves, and in structures RJSF draws', () => {
    const placed = placeErrors(
      [error('/payers/0/email', 'Please enter a valid email address!'), error('/address/city', 'Required')],
      form,
      new Set(['payers']),
    );
    expect(placed.map((e) => e.path)).toEqual(['/payers/0/email', '/address/city']);
  });
});
