/**
 * The KYC link's side of the browser tests, shared by the KYC specs: a link key stored for a lead as the server
 * stores one, and the code the server mailed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newKycKey } from '../../site/server/routes/leadAccess.js';
import type { Fixtures } from './fixtures.js';

/** A KYC link's key for the lead, stored as `createKycKey` stores it: its hash, its lead, 72 hours. */
export async function kycKeyFor(sql: Fixtures['sql'], leadId: number): Promise<string> {
  const { key, hash } = newKycKey();
  await sql(
    "insert into lead_keys (key_hash, lead_id, scope, expires_at) values ($1, $2, 'kyc', now() + interval '72 hours')",
    [hash, leadId],
  );
  return key;
}

/**
 * The code of the newest mail to `email` in the server's outbox (`<dataDir>/outbox/*.eml`, MAIL_TRANSPORT
 * outbox). The data folder is a temporary one of the global setup; the address is unique to this test, so
 * the mail is found among the browser runs' outboxes by its recipient.
 */
export function codeMailedTo(email: string): string | undefined {
  const mails: Array<{ text: string; at: number }> = [];
  for (const dir of readdirSync(tmpdir()).filter((d) => d.startsWith('antrag-browser-'))) {
    const outbox = join(tmpdir(), dir, 'outbox');
    let names: string[];
    try {
      names = readdirSync(outbox).filter((n) => n.endsWith('.eml'));
    } catch {
      continue;
    }
    for (const name of names) {
      const file = join(outbox, name);
      const text = readFileSync(file, 'utf8');
      if (new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(text))
        mails.push({ text, at: statSync(file).mtimeMs });
    }
  }
  const newest = mails.sort((a, b) => b.at - a.at)[0];
  return newest ? /Your verification code is (\d{6})/.exec(newest.text)?.[1] : undefined;
}
