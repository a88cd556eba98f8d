/**
 * The mail transport of the server (`MAIL_TRANSPORT`): `outbox` (default) writes every message as an
 * .eml file into `<dataDir>/outbox/`, so development and tests need no mail server and any mail
 * client opens the files; an `smtp://` or `smtps://` URL sends through that server with nodemailer.
 *
 * Messages carry one-time codes, so bodies are never logged: nodemailer's logger stays off and
 * errors name the transport, never the message or the URL's password.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { MailTransport } from '../context.js';

export interface ConfiguredMailTransport extends MailTransport {
  readonly kind: 'outbox' | 'smtp';
  /** The folder of the .eml files (outbox only). */
  readonly outboxDir?: string;
  /** Closes the SMTP connections; nothing to do for the outbox. */
  close(): void;
}

/**
 * SMTP timeouts: nodemailer's defaults (2 minutes to connect, 10 minutes idle) would hold a user's
 * "send code" request far longer than anyone waits; a slow server fails fast instead.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function createMailTransport(config: Pick<Config, 'dataDir' | 'mail'>): ConfiguredMailTransport {
  const setting = config.mail.transport.trim();
  if (setting === '' || setting === 'outbox') return outboxTransport(join(config.dataDir, 'outbox'), config.mail.from);
  let protocol: string | undefined;
  try {
    protocol = new URL(setting).protocol;
  } catch {
    protocol = undefined;
  }
  // The value is not repeated in the message: an SMTP URL carries the password.
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new Error("MAIL_TRANSPORT must be 'outbox' or an smtp:// or smtps:// URL");
  }
  return smtpTransport(setting, config.mail.from);
}

/**
 * One .eml file per message, composed by nodemailer (headers and encodings as an SMTP server
 * would receive them). Written to a hidden temporary file and renamed, so a reader of the folder
 * never sees half a message; readable by the owner only, as the files hold codes.
 */
function outboxTransport(dir: string, from: string): ConfiguredMailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let ready: Promise<unknown> | undefined;
  return {
    kind: 'outbox',
    outboxDir: dir,
    async send(message) {
      ready ??= mkdir(dir, { recursive: true, mode: 0o700 });
      await ready;
      const info = await composer.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      // An ISO time first keeps the folder in sending order; the random part keeps names unique.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const temporary = join(dir, `.${name}.tmp`);
      try {
        await writeFile(temporary, info.message as Buffer, { mode: 0o600 });
        await rename(temporary, join(dir, name));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    close() {},
  };
}

function smtpTransport(url: string, from: string): ConfiguredMailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS, logger: false, debug: false }, { from });
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transporter.sendMail({ to: message.to, subject: message.subject, text: message.text });
      } catch (error) {
        // nodemailer's message names the SMTP step that failed; the recipient and body stay out.
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`SMTP delivery failed: ${reason}`, { cause: error });
      }
    },
    close() {
      transporter.close();
    },
  };
}
