/**
 * The customer record behind health-insurance bookings: one customer per e-mail address, with exactly one
 * address. A booking that names a known customer with another address is refused, as the customer-relationship
 * service refuses it (spec 001 §8: the form then asks for the address of the previous booking).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/index.js';

/** The customer-relationship service's words for the refusal; the form recognises them (its `messageMap`). */
export const ADDRESS_MISMATCH = 'Customer does not have exactly one address';

const ADDRESS_FIELDS = ['address', 'postalCode', 'city'] as const;

/** An address compared as people write it: case, spacing and surrounding blanks do not count. */
function addressKey(data: Record<string, unknown>): string {
  return ADDRESS_FIELDS.map((f) =>
    String(data[f] ?? '')
      .trim()
      .replace(/\s+/g, ' ')
      .toLocaleLowerCase(),
  ).join('|');
}

/**
 * Whether an earlier booking of the same form with the same e-mail address named another address: the customer
 * would then have two.
 */
export async function hasOtherAddress(
  db: Kysely<Database>,
  formId: string,
  data: Record<string, unknown>,
): Promise<boolean> {
  const email = typeof data.email === 'string' ? data.email.trim().toLowerCase() : '';
  if (!email) return false;
  const earlier = await db
    .selectFrom('submissions')
    .select('data')
    .where('form_id', '=', formId)
    .where(sql<string>`lower(btrim(data ->> 'email'))`, '=', email)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  const wanted = addressKey(data);
  return earlier.some((row) => addressKey(row.data as Record<string, unknown>) !== wanted);
}
