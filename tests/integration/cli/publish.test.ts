/**
 * `antrag publish <file> --server <url>` against a real server (the form store and the staff API, in this process):
 * the CLI (built, as a child process) sends the document with its `$ref`s resolved, prints the version, and prints
 * the server's diagnostics at their places in the user's files, line for line as `antrag validate` prints them.
 * Every way the server cannot be used (no token, a wrong one, nothing listening, no answer, an answer that is not
 * JSON) is one line on stderr and exit 2.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCms } from '../../../packages/core/src/import/index.js';
import { freePort } from '../server/durability/harness.js';
import { ADMIN_TOKEN, type FormServer, startFormServer } from '../server/staff/harness.js';
import { antrag, antragWith, FIXTURES, lines, ROOT } from './support.js';

const RENTAL = `${FIXTURES}/publish/rental.form.json`;
const BROKEN = `${FIXTURES}/publish/broken/rental.form.json`;

/** A local HTTP server that answers every request with `handler` (or never, when it does not end the answer). */
async function double(handler: Parameters<typeof createServer>[1]): Promise<{ base: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, server };
}

describe('antrag publish', () => {
  let server: FormServer;
  const withToken = () => ({ ANTRAG_ADMIN_TOKEN: ADMIN_TOKEN });
  const publish = (args: string[], env: Record<string, string> = withToken()) =>
    antragWith(['publish', ...args, '--server', server.base], { env });
  const versions = async (id: string) => {
    const response = await fetch(`${server.base}/api/admin/forms/${id}/versions`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    return response.status === 404
      ? []
      : ((await response.json()) as { versions: Array<{ version: number }> }).versions;
  };

  beforeAll(async () => {
    server = await startFormServer();
  });
  afterAll(() => server?.close());

  it('publishes a DSL file with its $refs resolved and prints the version; the server serves it at once', async () => {
    const first = await publish([RENTAL]);
    expect(first.stderr).toBe('');
    expect(first.stdout).toBe('published cli-rental as version 1\n');
    expect(first.code).toBe(0);
    const served = (await (await fetch(`${server.base}/api/forms/cli-rental`)).json()) as {
      version: number;
      schema: { properties: Record<string, unknown> };
    };
    expect(served.version).toBe(1);
    // the fields of the shared file reached the server inside the one document
    expect(Object.keys(served.schema.properties).sort()).toEqual(['city', 'email', 'fullName', 'rooms']);

    // the address from ANTRAG_SERVER; the same content again makes no new version (CI publishes on every commit)
    const second = await antragWith(['publish', RENTAL], { env: { ...withToken(), ANTRAG_SERVER: server.base } });
    expect(second.stdout).toBe('cli-rental is unchanged: version 1 already serves this content\n');
    expect(second.code).toBe(0);
  });

  it('publishes a CMS definition under the id its import gives, with its warnings where antrag validate puts them', async () => {
    const file = 'schemas/booking-v2/booking-v2.cms.json';
    const id = importCms('booking-v2', JSON.parse(readFileSync(join(ROOT, file), 'utf8'))).definition?.id;
    expect(id).toMatch(/^[a-z0-9-]+$/);
    const run = await publish([file, '--format', 'json']);
    expect(run.code).toBe(0);
    const validated = JSON.parse((await antrag('validate', file, '--format', 'json')).stdout) as {
      diagnostics: unknown[];
    };
    // the booking has a field type the engine does not draw: a warning, published all the same
    expect(validated.diagnostics).toEqual([expect.objectContaining({ severity: 'warning', line: 162, column: 11 })]);
    expect(JSON.parse(run.stdout)).toEqual({
      command: 'publish',
      ok: true,
      server: server.base,
      id,
      version: 1,
      unchanged: false,
      diagnostics: validated.diagnostics,
    });
    const text = await publish([file]);
    expect(lines(text.stdout)).toEqual([
      `${file}:162:11 /flatData/steps/1/fields/6 warning: Field type FloorPlan is not implemented!`,
      `${id} is unchanged: version 1 already serves this content`,
    ]);
  });

  it('prints the diagnostics of a broken file at their places, as antrag validate does, exits 1 and publishes nothing', async () => {
    const before = await versions('cli-rental');
    const run = await publish([BROKEN]);
    expect(run.code).toBe(1);
    const validated = await antrag('validate', BROKEN);
    const expected = lines(validated.stdout).slice(0, -1); // without validate's summary line
    expect(expected).toHaveLength(3);
    // one in the shared file, traced through the $ref; an unknown property at its key
    expect(expected.join('\n')).toContain(`${FIXTURES}/publish/broken/shared/contact-fields.json:3:35 /fields/0/type`);
    expect(expected.join('\n')).toContain(
      `${FIXTURES}/publish/broken/rental.form.json:11:60 /steps/0/fields/0/requird`,
    );
    expect(lines(run.stdout)).toEqual([...expected, 'cli-rental was not published: 3 errors, 0 warnings']);
    expect(await versions('cli-rental')).toEqual(before);
  });

  it('gives the diagnostics as JSON with --format json', async () => {
    const run = await publish([BROKEN, '--format', 'json']);
    expect(run.code).toBe(1);
    const answer = JSON.parse(run.stdout) as { ok: boolean; diagnostics: Array<Record<string, unknown>> };
    expect(answer.ok).toBe(false);
    expect(answer.diagnostics).toContainEqual(
      expect.objectContaining({
        file: `${FIXTURES}/publish/broken/shared/contact-fields.json`,
        line: 3,
        column: 35,
        pointer: '/fields/0/type',
        rule: 'antrag/unknown-type',
        via: [{ file: BROKEN, line: 20, column: 64 }],
      }),
    );
  });

  it('--id publishes a DSL definition as a copy under that id; a CMS document keeps its own id', async () => {
    const run = await publish([RENTAL, '--id', 'cli-other']);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('published cli-other as version 1\n');
    expect(run.code).toBe(0);
    const served = (await (await fetch(`${server.base}/api/forms/cli-other`)).json()) as { id: string };
    expect(served.id).toBe('cli-other');
    const cms = await publish(['schemas/booking-v2/booking-v2.cms.json', '--id', 'cli-booking']);
    expect(cms.code).toBe(2);
    expect(cms.stderr).toMatch(/^error: --id works for DSL definitions only/);
    expect(await versions('cli-booking')).toEqual([]);
  });

  it('an id in the file that is none: the local check at its place, exit 1, nothing sent', async () => {
    const run = await publish([`${FIXTURES}/publish/broken/bad-id.form.json`]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`${FIXTURES}/publish/broken/bad-id.form.json:3:9 /id`);
  });

  it('https to a server that speaks plain http says so, not in OpenSSL’s words', async () => {
    const https = server.base.replace('http://', 'https://');
    const run = await antragWith(['publish', RENTAL, '--server', https], { env: withToken() });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/it does not speak https at this address; try http:\/\//);
    expect(run.stderr).not.toMatch(/ssl3|openssl/i);
  });

  it('--format json on a failure to reach the server still prints a JSON document', async () => {
    const run = await antragWith(['publish', RENTAL, '--server', 'http://127.0.0.1:9', '--format', 'json'], {
      env: withToken(),
    });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toMatchObject({
      ok: false,
      exitCode: 2,
      error: expect.stringMatching(/cannot reach/),
    });
  });

  it('does not send a file whose $refs cannot be resolved: the local diagnostics, exit 1', async () => {
    const run = await publish([`${FIXTURES}/broken/missing-ref.form.json`]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`${FIXTURES}/broken/missing-ref.form.json:11:19 /steps/0/fields/1/$ref`);
    expect(lines(run.stdout).at(-1)).toBe('the form was not sent: 2 errors, 0 warnings');
    expect(await versions('cli-missing-ref')).toEqual([]);
  });

  it('without ANTRAG_ADMIN_TOKEN says which variable to set, exit 2, and sends nothing', async () => {
    const before = await versions('cli-rental');
    const run = await publish([RENTAL], {});
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      "error: no admin token: set ANTRAG_ADMIN_TOKEN to the server's admin token (its own ANTRAG_ADMIN_TOKEN)\n",
    );
    expect(await versions('cli-rental')).toEqual(before);
  });

  it('with a wrong token: the server’s 401, one line, exit 2', async () => {
    const run = await publish([RENTAL], { ANTRAG_ADMIN_TOKEN: 'not-the-admin-token-but-long-enough-0000' });
    expect(run.code).toBe(2);
    expect(lines(run.stderr)).toEqual([
      `error: the server did not accept ANTRAG_ADMIN_TOKEN (401 Unauthorized, PUT ${server.base}/api/admin/forms/cli-rental): ` +
        "it is not the server's admin token, or the server has none set",
    ]);
  });

  it('without a server address, or with one that is no URL: a usage error', async () => {
    const none = await antragWith(['publish', RENTAL], { env: withToken() });
    expect(none.code).toBe(2);
    expect(none.stderr).toBe("error: give the server's address with --server <url> or ANTRAG_SERVER\n");
    const bad = await antragWith(['publish', RENTAL, '--server', 'ftp://example.org'], { env: withToken() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("error: 'ftp://example.org' is not an http or https address\n");
  });

  it('a server nothing listens on: one line, exit 2', async () => {
    const base = `http://127.0.0.1:${await freePort()}`;
    const run = await antragWith(['publish', RENTAL, '--server', base], { env: withToken() });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `error: cannot reach the server (PUT ${base}/api/admin/forms/cli-rental): nothing listens there (connection refused)\n`,
    );
  });

  it('an answer that is not JSON (a web page) and a server that does not answer in time: one line each, exit 2', async () => {
    const page = await double((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Welcome</title>');
    });
    const silent = await double(() => {
      // never answers
    });
    try {
      const html = await antragWith(['publish', RENTAL, '--server', page.base], { env: withToken() });
      expect(html.code).toBe(2);
      expect(html.stderr).toBe(
        `error: the server answered 200 with text/html, not the staff API's JSON (PUT ${page.base}/api/admin/forms/cli-rental): ` +
          'is this the address of an Antrag server?\n',
      );
      const slow = await antragWith(['publish', RENTAL, '--server', silent.base, '--timeout', '1'], {
        env: withToken(),
      });
      expect(slow.code).toBe(2);
      expect(slow.stderr).toBe(
        `error: no answer from the server within 1 s (PUT ${silent.base}/api/admin/forms/cli-rental) ` +
          '(the server may still have made the change); --timeout gives it longer\n',
      );
    } finally {
      page.server.close();
      silent.server.closeAllConnections();
      silent.server.close();
    }
  });

  it('a path that does not exist, or a folder: a usage error', async () => {
    const missing = await publish([`${FIXTURES}/publish/nothing.form.json`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`error: no such file: ${FIXTURES}/publish/nothing.form.json\n`);
    const folder = await publish([`${FIXTURES}/publish`]);
    expect(folder.code).toBe(2);
    expect(folder.stderr).toBe(`error: ${FIXTURES}/publish is a folder: publish takes one form file\n`);
  });
});
