/**
 * `npm run kyc-link -- <lead id> [--hours N] [--mail]`: makes a KYC re-verification link for a lead (issue 14).
 * The link's `user_key` is a random key (128 bits) the database keeps only as a hash; it grants the lead's KYC
 * calls only, until it expires (default 72 hours). Prints the link; with `--mail`, also sends it to the lead's
 * e-mail address through the configured mail transport (the outbox folder by default).
 *
 * It reads the same environment as the server (DATABASE_URL, DATA_DIR, PUBLIC_URL, MAIL_TRANSPORT). With the
 * embedded database, stop the server first: PGlite serves one process at a time.
 */
import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { createMailTransport } from './otp/mail.js';
import { parseId } from './routes/lead.js';
import { createKycKey, KYC_KEY_TTL_HOURS } from './routes/leadAccess.js';

function fail(message: string): never {
  console.error(`kyc-link: ${message}`);
  console.error('usage: npm run kyc-link -- <lead id> [--hours N] [--mail]');
  process.exit(2);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const leadId = parseId(args.find((a) => !a.startsWith('--')));
  if (leadId === undefined) fail('give the id of a lead (a whole number)');
  const hoursAt = args.indexOf('--hours');
  const hours = hoursAt >= 0 ? Number(args[hoursAt + 1]) : KYC_KEY_TTL_HOURS;
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 30) fail('--hours must be a number of hours up to 720');
  const config = loadConfig(process.env, () => 'kyc-link-needs-no-secret');
  const database = await openDatabase(config);
  try {
    const lead = await database.db
      .selectFrom('leads')
      .select(['id', 'data'])
      .where('id', '=', leadId)
      .executeTakeFirst();
    if (!lead) fail(`no lead with id ${leadId}`);
    const { userKey, expiresAt } = await createKycKey(database.db, lead.id, hours);
    const link = `${config.publicUrl}/forms/kyc-reverification?user_key=${userKey}`;
    console.log(link);
    console.log(`valid until ${expiresAt.toISOString()}`);
    if (args.includes('--mail')) {
      const steps = Object.values(lead.data as Record<string, Record<string, unknown>>);
      const to = steps.map((s) => s.email).find((e): e is string => typeof e === 'string');
      if (!to) fail(`lead ${leadId} has no e-mail address; send the link yourself`);
      const mail = createMailTransport(config);
      try {
        await mail.send({
          to,
          subject: 'Please verify your identity again',
          text: `Please confirm your identity for your blocked account: ${link}\n\nThe link works until ${expiresAt.toUTCString()}.`,
        });
      } finally {
        mail.close();
      }
      console.log(`sent to ${to}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`kyc-link: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
