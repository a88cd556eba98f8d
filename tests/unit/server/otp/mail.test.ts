import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMailTransport } from '../../../../site/server/otp/mail.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'mail-test-'));
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dataDir, { recursive: true, force: true });
});

const config = (transport: string) => ({ dataDir, mail: { transport, from: 'Antrag <no-reply@example.org>' } });

describe('outbox transport', () => {
  it('writes each message as a complete .eml file, nothing else left in the folder', async () => {
    const mail = createMailTransport(config('outbox'));
    expect(mail.kind).toBe('outbox');
    expect(mail.outboxDir).toBe(join(dataDir, 'outbox'));
    await mail.send({ to: 'a@example.com', subject: 'Grüße', text: 'Hello 123456\nÄrger? Nein.' });
    await mail.send({ to: 'b@example.com', subject: 'Second', text: 'Second message' });
    const names = (await readdir(join(dataDir, 'outbox'))).sort();
    expect(names).toHaveLength(2);
    expect(names.every((n) => /^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/.test(n))).toBe(true);
    const first = await readFile(join(dataDir, 'outbox', names[0]), 'utf8');
    expect(first).toMatch(/^From: Antrag <no-reply@example\.org>$/m);
    expect(first).toMatch(/^To: a@example\.com$/m);
    expect(first).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(first).toMatch(/^Content-Type: text\/plain; charset=utf-8$/m);
    expect(first).toContain('Hello 123456');
  });

  it('is the default for an empty setting', () => {
    expect(createMailTransport(config('')).kind).toBe('outbox');
  });

  it('never logs a message', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m));
    await createMailTransport(config('outbox')).send({ to: 'a@example.com', subject: 'S', text: 'secret 654321' });
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});

describe('SMTP transport', () => {
  it('is chosen by an smtp:// or smtps:// URL', () => {
    const smtp = createMailTransport(config('smtp://user:pass@127.0.0.1:2525'));
    expect(smtp.kind).toBe('smtp');
    smtp.close();
    const smtps = createMailTransport(config('smtps://user:pass@mail.example.org'));
    expect(smtps.kind).toBe('smtp');
    smtps.close();
  });

  it('rejects anything else without repeating the value (it may hold a password)', () => {
    for (const bad of ['sendmail', 'http://user:hunter2@example.org', 'ftp://x']) {
      expect(() => createMailTransport(config(bad))).toThrow(
        "MAIL_TRANSPORT must be 'outbox' or an smtp:// or smtps:// URL",
      );
    }
    try {
      createMailTransport(config('http://user:hunter2@example.org'));
    } catch (error) {
      expect(String(error)).not.toContain('hunter2');
    }
  });

  it('fails with an error naming SMTP, not the message, when the server is unreachable', async () => {
    // Port 1 on the loopback refuses at once.
    const smtp = createMailTransport(config('smtp://127.0.0.1:1'));
    const sent = smtp.send({ to: 'a@example.com', subject: 'S', text: 'code 111222' });
    await expect(sent).rejects.toThrow(/^SMTP delivery failed: /);
    await sent.catch((error: Error) => expect(error.message).not.toContain('111222'));
    smtp.close();
  });
});
