import { ariaDescribedByIds } from '@rjsf/utils';

/** aria-invalid and aria-describedby tying an input to RJSF's error, description and help elements. */
export function ariaFor(
  id: string,
  rawErrors: string[] | undefined,
): { 'aria-invalid': boolean; 'aria-describedby': string } {
  return { 'aria-invalid': !!rawErrors && rawErrors.length > 0, 'aria-describedby': ariaDescribedByIds(id) };
}
