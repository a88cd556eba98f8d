/**
 * The customer record behind health-insurance bookings: one customer with exactly one address. A booking that
 * names a known customer with another address is refused, as the customer-relationship service refuses it (spec
 * 001 §8: the form then asks for the address of the previous booking).
 *
 * A customer is known by e-mail address AND passport number together. The route is public and nothing proves who
 * owns an e-mail address: by the address alone, anyone could book with a stranger's e-mail and another address and
 * so block the stranger's own booking, or probe whether an address has booked and where its owner lives. With the
 * passport number too, doing either needs the stranger's passport number.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/index.js';

/** The customer-relationship service's words for the refusal; the form recognises them (its `messageMap`). */
export const ADDRESS_MISMATCH = 'Customer does not have exactly one address';

const ADDRESS_FIELDS = ['address', 'postalCode', 'city'] as const;

/** A text compared as people write it: Unicode form, case, spacing, surrounding blanks and ß/ss do not count. */
function plain(value: unknown): string {
  return String(value ?? '')
    .normalize('NFKC')
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('de')
    .replace(/ß/g, 'ss');
}

/** An address compared as people write it ('Müllerstraße 5' and 'muellerstrasse  5' stay two). */
function addressKey(data: Record<string, unknown>): string {
  return ADDRESS_FIELDS.map((f) => plain(data[f])).join('|');
}

/** A passport number without case or blanks. */
const passportKey = (value: unknown) => plain(value).replace(/ /g, '');

/**
 * Whether an earlier booking of the same form by the same customer (e-mail address and passport number) named
 * another address: the customer would then have two.
 */
export async function hasOtherAddress(
  db: Kysely<Database>,
  formId: string,
  data: Record<string, unknown>,
): Promise<boolean> {
  const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : '';
  const passport = passportKey(data.passportNumber);
  if (!email || !passport) return false;
  const earlier = await db
    .selectFrom('submissions')
    .select('data')
    .where('form_id', '=', formId)
    .where(sql<string>`lower(btrim(data ->> 'email'))`, '=', email)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  const wanted = addressKey(data);
  return earlier.some((row) => {
    const booked = row.data as Record<string, unknown>;
    return passportKey(booked.passportNumber) === passport && addressKey(booked) !== wanted;
  });
}
