/**
 * The https-only headers follow PUBLIC_URL: a site served over https tells browsers to stay on https
 * (Strict-Transport-Security, `upgrade-insecure-requests`); one served over plain http (a laptop on the local
 * network, tried from a phone) must not, or every script is asked for over https, fails, and the page stays blank.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../site/server/app.js';
import { loadConfig } from '../../../../site/server/config.js';
import type { ServerContext } from '../../../../site/server/context.js';
import { FormRegistry } from '../../../../site/server/forms/registry.js';

const dir = mkdtempSync(join(tmpdir(), 'antrag-headers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function headersFor(publicUrl: string) {
  const config = loadConfig({ DATA_DIR: dir, ANTRAG_SECRET: 's', PUBLIC_URL: publicUrl, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config } as ServerContext, new FormRegistry(), { logger: false });
  try {
    return (await app.inject({ url: '/api/health' })).headers;
  } finally {
    await app.close();
  }
}

describe('https-only headers', () => {
  it('are sent when PUBLIC_URL is https', async () => {
    const headers = await headersFor('https://antrag.example');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('are left out when the site is served over plain http, so its scripts load on a local network', async () => {
    const headers = await headersFor('http://192.0.2.2:3000');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(String(headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(String(headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
