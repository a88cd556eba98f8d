/**
 * The calls without a token over real HTTP, against the whole server: the shared upload contract
 * (spec 001, section 7, calls 1 and 2: GET /api/upload-file and the form post to the local target),
 * places (spec 000, calls 8 and 9), the university and program search and the blog lookup (spec 002,
 * section 7), and what every answer carries (security headers, JSON errors, rate limits).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutocompleteAnswer, PlaceDetailsAnswer } from '../../../../site/server/places/index.js';
import {
  type NewSearchAnswer,
  newSearch as newSearchOf,
  type UniversitySearchAnswer,
} from '../../../../site/server/search/index.js';
import { makeMp4 } from '../../../fixtures/server/mp4.js';
import { bigPng, JPEG, PDF, PNG } from '../../../unit/server/files/samples.js';
import {
  countRows,
  type FilePart,
  filesUnder,
  form,
  type Harness,
  SETUP_TIMEOUT,
  type Server,
  startHarness,
} from './harness.js';

const SMALL_LIMIT = 4096;

let h: Harness;
let small: Server;

beforeAll(async () => {
  h = await startHarness();
  small = await h.start({ MAX_UPLOAD_BYTES: String(SMALL_LIMIT) });
}, SETUP_TIMEOUT);

afterAll(async () => {
  await h?.close();
});

async function getJson<T = Record<string, unknown>>(
  server: Server,
  path: string,
  headers: Record<string, string> = {},
) {
  const response = await server.fetch(path, { headers });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

// Upload contract --------------------------------------------------------------------------------------

describe('GET /api/upload-file and the form post to its target', () => {
  let counter = 0;
  /** A generated name as the browser makes it: `<prefix>_<unique id>.<ext>`. */
  const fileName = (ext: string, prefix = 'Passport') => `${prefix}_t${Date.now().toString(36)}${++counter}.${ext}`;
  const uploadsDir = () => join(h.dataDir, 'files', 'uploads');
  const kept = async () => ({ rows: await countRows(h.db, 'uploads'), files: filesUnder(uploadsDir()) });

  async function target(server: Server, file: string, fileType: string) {
    const answer = await getJson<{ url: string; fields: Record<string, string> }>(
      server,
      `/api/upload-file?${new URLSearchParams({ file, fileType })}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer;
  }
  /** Posts a form to the returned URL (relative to the server). */
  const postTo = (server: Server, url: string, body: FormData) =>
    server.fetch(url, { method: 'POST', body }).then(async (r) => ({
      status: r.status,
      headers: r.headers,
      body: r.status === 204 ? null : ((await r.json()) as Record<string, unknown>),
    }));
  const upload = (server: Server, t: { url: string; fields: Record<string, string> }, file: FilePart) =>
    postTo(server, t.url, form(t.fields, { field: 'file', name: 'upload.bin', ...file }));

  it('hands out a signed target, takes the file (204), records it and stores its bytes', async () => {
    const name = fileName('pdf');
    const t = await target(h.main, name, 'application/pdf');
    expect(t.headers.get('cache-control')).toBe('no-store');
    expect(t.body).toEqual({
      url: '/api/upload',
      fields: {
        key: `uploads/${name}`,
        'Content-Type': 'application/pdf',
        policy: expect.any(String),
        signature: expect.any(String),
      },
    });
    const answer = await upload(h.main, t.body, { bytes: PDF, type: 'application/octet-stream' });
    expect(answer.status).toBe(204);
    const row = await h.db.selectFrom('uploads').selectAll().where('key', '=', `uploads/${name}`).executeTakeFirst();
    expect(row).toMatchObject({ content_type: 'application/pdf', size: PDF.byteLength });
    expect(readFileSync(join(uploadsDir(), name))).toEqual(PDF);
  });

  it('accepts an image/jpg spelling and an MP4 video', async () => {
    const jpg = fileName('jpg');
    expect(
      (await upload(h.main, (await target(h.main, jpg, 'image/jpg')).body, { bytes: JPEG, type: 'image/jpeg' })).status,
    ).toBe(204);
    expect(readFileSync(join(uploadsDir(), jpg))).toEqual(JPEG);
    const mp4 = fileName('mp4', 'face');
    const video = makeMp4({ seconds: 2 });
    expect(
      (await upload(h.main, (await target(h.main, mp4, 'video/mp4')).body, { bytes: video, type: 'video/mp4' })).status,
    ).toBe(204);
  });

  it('refuses a name already taken (409) on both calls and keeps the first file', async () => {
    const name = fileName('png');
    const t = await target(h.main, name, 'image/png');
    expect((await upload(h.main, t.body, { bytes: PNG, type: 'image/png' })).status).toBe(204);
    const again = await getJson(
      h.main,
      `/api/upload-file?${new URLSearchParams({ file: name, fileType: 'image/png' })}`,
    );
    expect(again).toMatchObject({ status: 409, body: { error: 'already-uploaded' } });
    const replay = await upload(h.main, t.body, { bytes: bigPng(200), type: 'image/png' });
    expect(replay).toMatchObject({ status: 409, body: { error: 'already-uploaded' } });
    expect(readFileSync(join(uploadsDir(), name))).toEqual(PNG);
  });

  it('refuses bad query parameters with 400 and signs nothing', async () => {
    const before = await kept();
    for (const query of [
      '',
      'file=Passport_x.pdf',
      'fileType=application/pdf',
      `file=${encodeURIComponent('../secret.pdf')}&fileType=application/pdf`,
      `file=${encodeURIComponent('a/b.pdf')}&fileType=application/pdf`,
      'file=Passport_x.html&fileType=text/html',
      'file=Passport_x.png&fileType=application/pdf',
      'file=Passport_x&fileType=application/pdf',
      `file=${'a'.repeat(201)}.pdf&fileType=application/pdf`,
    ]) {
      const answer = await getJson(h.main, `/api/upload-file?${query}`);
      expect({ query, status: answer.status, error: answer.body.error }).toEqual({
        query,
        status: 400,
        error: 'bad-request',
      });
      expect(answer.body).not.toHaveProperty('fields');
    }
    expect(await kept()).toEqual(before);
  });

  it('refuses PNG bytes posted under a PDF policy with 400 and keeps nothing; the name stays usable', async () => {
    const name = fileName('pdf');
    const t = await target(h.main, name, 'application/pdf');
    const before = await kept();
    const answer = await upload(h.main, t.body, { bytes: PNG, type: 'application/pdf' });
    expect(answer).toMatchObject({ status: 400, body: { error: 'type-mismatch' } });
    expect(await kept()).toEqual(before);
    expect((await upload(h.main, t.body, { bytes: PDF, type: 'application/pdf' })).status).toBe(204);
  });

  it('refuses a tampered policy, another key, a missing or misplaced file and a non-form body, keeping nothing', async () => {
    const name = fileName('pdf');
    const { url, fields } = (await target(h.main, name, 'application/pdf')).body;
    const pdf = { bytes: PDF, type: 'application/pdf' };
    const before = await kept();

    const forged = await postTo(h.main, url, form({ ...fields, signature: 'A'.repeat(43) }, { field: 'file', ...pdf }));
    expect(forged.status).toBe(403);
    const otherKey = await postTo(
      h.main,
      url,
      form({ ...fields, key: `uploads/${fileName('pdf')}` }, { field: 'file', ...pdf }),
    );
    expect(otherKey.status).toBe(403);
    const noPolicy = await postTo(
      h.main,
      url,
      form({ key: fields.key, 'Content-Type': fields['Content-Type'] }, { field: 'file', ...pdf }),
    );
    expect(noPolicy.status).toBe(400);
    expect((await postTo(h.main, url, form(fields))).status).toBe(400);
    expect((await postTo(h.main, url, form(fields, { field: 'document', ...pdf }))).status).toBe(400);
    // the file before the policy fields
    const early = new FormData();
    early.append('file', new Blob([PDF], { type: 'application/pdf' }), 'p.pdf');
    for (const [k, v] of Object.entries(fields)) early.append(k, v);
    expect((await postTo(h.main, url, early)).status).toBe(400);
    const json = await h.main.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    expect(json.status).toBe(400);
    expect(
      (await postTo(h.main, url, form(fields, { field: 'file', bytes: new Uint8Array(), type: 'application/pdf' })))
        .status,
    ).toBe(400);
    expect(await kept()).toEqual(before);
  });

  it('refuses an expired policy with 403', async () => {
    const expiring = await h.start({ UPLOAD_POLICY_TTL_SECONDS: '0' });
    const t = await target(expiring, fileName('pdf'), 'application/pdf');
    const before = await kept();
    const answer = await upload(expiring, t.body, { bytes: PDF, type: 'application/pdf' });
    expect(answer).toMatchObject({ status: 403, body: { error: 'policy-expired' } });
    expect(await kept()).toEqual(before);
  });

  it('refuses a file over the upload limit with 413 and keeps nothing', async () => {
    const t = await target(small, fileName('png'), 'image/png');
    const before = await kept();
    const answer = await upload(small, t.body, { bytes: bigPng(SMALL_LIMIT + 1), type: 'image/png' });
    expect(answer).toMatchObject({ status: 413, body: { error: 'too-large' } });
    expect(await kept()).toEqual(before);
    expect((await upload(small, t.body, { bytes: bigPng(SMALL_LIMIT), type: 'image/png' })).status).toBe(204);
  });
});

// Places -----------------------------------------------------------------------------------------------

describe('GET /api/places-autocomplete and GET /api/place-details', () => {
  const places = (query: Record<string, string>) =>
    getJson<AutocompleteAnswer>(h.main, `/api/places-autocomplete?${new URLSearchParams(query)}`);
  const details = (placeId?: string) =>
    getJson<PlaceDetailsAnswer>(
      h.main,
      `/api/place-details${placeId === undefined ? '' : `?${new URLSearchParams({ place_id: placeId })}`}`,
    );
  const placeId = (plain: string) => Buffer.from(plain, 'utf8').toString('base64url');

  it('finds Berlin: the German state and city first, each prediction in the spec shape', async () => {
    const answer = await places({ input: 'Berlin' });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('OK');
    const predictions = answer.body.predictions;
    expect(predictions.length).toBeGreaterThan(2);
    expect(predictions.length).toBeLessThanOrEqual(10);
    for (const p of predictions) {
      expect(p).toEqual({
        description: expect.any(String),
        place_id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
        types: expect.arrayContaining(['political']),
        structured_formatting: { main_text: expect.any(String), secondary_text: expect.any(String) },
      });
    }
    expect(predictions.slice(0, 2).map((p) => p.description)).toEqual(['Berlin, Germany', 'Berlin, Berlin, Germany']);
    expect(predictions[1].structured_formatting).toEqual({ main_text: 'Berlin', secondary_text: 'Berlin, Germany' });
  });

  it('filters by types: cities, states, countries', async () => {
    const cities = await places({ input: 'Berlin', types: 'locality' });
    expect(cities.body.status).toBe('OK');
    expect(cities.body.predictions.every((p) => p.types[0] === 'locality')).toBe(true);
    expect(cities.body.predictions[0].description).toBe('Berlin, Berlin, Germany');

    const states = await places({ input: 'Bav', types: 'administrative_area_level_1' });
    expect(states.body.predictions.map((p) => p.description)).toContain('Bavaria, Germany');
    expect(states.body.predictions.every((p) => p.types[0] === 'administrative_area_level_1')).toBe(true);

    const countries = await places({ input: 'germ', types: 'country' });
    expect(countries.body.predictions).toEqual([
      expect.objectContaining({ description: 'Germany', types: ['country', 'political'] }),
    ]);
  });

  it('answers ZERO_RESULTS for text no place has, and INVALID_REQUEST for a missing input or an unknown type', async () => {
    expect((await places({ input: 'qxzqxzqxz' })).body).toEqual({ status: 'ZERO_RESULTS', predictions: [] });
    const noInput = await places({});
    expect(noInput.body).toMatchObject({ status: 'INVALID_REQUEST', predictions: [], error: expect.any(String) });
    const badType = await places({ input: 'Berlin', types: 'airport' });
    expect(badType.body).toMatchObject({ status: 'INVALID_REQUEST', error: expect.stringMatching(/airport/) });
  });

  it('gives the state and country of a predicted place (round trip), for a city and a state', async () => {
    const pune = (await places({ input: 'Pune', types: '(cities)' })).body.predictions[0];
    expect(pune.description).toBe('Pune, Maharashtra, India');
    const city = await details(pune.place_id);
    expect(city.status).toBe(200);
    expect(city.body).toEqual({
      status: 'OK',
      state: 'Maharashtra',
      state_code: 'MH',
      country: 'India',
      country_code: 'IN',
      result: {
        kind: 'city',
        name: 'Pune',
        city: 'Pune',
        formatted_address: 'Pune, Maharashtra, India',
        types: ['locality', 'political'],
        state: 'Maharashtra',
        state_code: 'MH',
        country: 'India',
        country_code: 'IN',
      },
    });
    const berlinState = (await places({ input: 'Berlin' })).body.predictions[0];
    expect((await details(berlinState.place_id)).body).toMatchObject({
      status: 'OK',
      state: 'Berlin',
      state_code: 'BE',
      country: 'Germany',
      country_code: 'DE',
      result: { kind: 'state' },
    });
  });

  it('answers INVALID_REQUEST for a missing or malformed place_id and NOT_FOUND for an unknown place', async () => {
    expect((await details()).body).toMatchObject({ status: 'INVALID_REQUEST' });
    expect((await details('not a place id!')).body).toMatchObject({ status: 'INVALID_REQUEST' });
    expect((await details(placeId('planet:XX'))).body).toMatchObject({ status: 'INVALID_REQUEST' });
    expect((await details(placeId('city:DE:BE:Atlantis'))).body).toMatchObject({ status: 'NOT_FOUND' });
  });
});

// Search and blog --------------------------------------------------------------------------------------

describe('GET /api/new-search/ (programs and universities)', () => {
  const search = (query: string, language?: string) =>
    getJson<NewSearchAnswer>(h.main, `/api/new-search/?${query}`, language ? { 'X-Language': language } : {});
  const BERLIN = [
    'berlin-university-of-the-arts',
    'free-university-of-berlin',
    'humboldt-university-of-berlin',
    'technical-university-of-berlin',
  ];

  it('filters by the study fields of category_ids, as the study-field cards link', async () => {
    const answer = await search('category_ids=law&take=50');
    expect(answer.status).toBe(200);
    expect(answer.body.program.total).toBeGreaterThan(0);
    expect(answer.body.program).toEqual(newSearchOf({ category_ids: 'law', take: 50 }).program);
    expect(answer.body.university.total).toBeLessThan((await search('')).body.university.total);
    expect((await search('category_ids=no-such-field')).body.program.total).toBe(0);
  });

  it('finds universities by name, names starting with the text first', async () => {
    const answer = await search('name=Berlin');
    expect(answer.status).toBe(200);
    const { university, program } = answer.body;
    expect(university.total).toBe(4);
    expect(university.data.map((u) => u.slug).sort()).toEqual(BERLIN);
    expect(university.data[0]).toEqual({
      id: 'uni-udk-berlin',
      name: 'Berlin University of the Arts',
      slug: 'berlin-university-of-the-arts',
      location: 'Berlin',
    });
    expect(program).toEqual({ total: 0, data: [] });
  });

  it('answers in the X-Language language and matches names in every language', async () => {
    const de = await search('name=informatik', 'de');
    const en = await search('name=informatik', 'en');
    expect(de.body.program.total).toBe(en.body.program.total);
    expect(de.body.program.total).toBeGreaterThanOrEqual(9);
    const hu = (body: NewSearchAnswer) => body.program.data.find((p) => p.id === 'prog-hu-berlin-computer-science-bsc');
    const all = (language: string) => search('name=informatik&take=50', language).then((r) => r.body);
    expect(hu(await all('de'))).toEqual({
      id: 'prog-hu-berlin-computer-science-bsc',
      name: 'Informatik',
      slug: expect.any(String),
      degree: 'Bachelor of Science',
      location: 'Berlin',
      university: {
        id: 'uni-hu-berlin',
        name: 'Humboldt-Universität zu Berlin',
        slug: 'humboldt-university-of-berlin',
      },
    });
    expect(hu(await all('en'))).toMatchObject({
      name: 'Computer Science',
      university: { name: 'Humboldt University of Berlin' },
    });
    // 'de-DE,de;q=0.9' is German too; an unknown language is English
    expect(hu(await all('de-DE,de;q=0.9'))?.name).toBe('Informatik');
    expect(hu(await all('xx'))?.name).toBe('Computer Science');
  });

  it('pages with skip and take (10 by default, at most 50), totals before paging', async () => {
    const first = (await search('')).body;
    expect(first.university.total).toBe(23);
    expect(first.program.total).toBe(46);
    expect(first.university.data).toHaveLength(10);
    const seen = new Set<string>();
    for (let skip = 0; skip < 23; skip += 5) {
      const page = (await search(`skip=${skip}&take=5`)).body.university.data;
      expect(page.length).toBe(Math.min(5, 23 - skip));
      for (const u of page) seen.add(u.id);
    }
    expect(seen.size).toBe(23);
    const capped = (await search('take=1000')).body;
    expect(capped.program.data).toHaveLength(46);
    expect((await search('skip=50')).body.university.data).toEqual([]);
    // unusable values fall back to the defaults
    const fallback = (await search('skip=-1&take=abc')).body;
    expect(fallback.university.data).toHaveLength(10);
    expect(fallback.university.data[0]).toEqual(first.university.data[0]);
  });

  it('narrows the programs to university_ids (one, a list, a JSON list, repeated) but not the universities', async () => {
    const tum = (await search('university_ids=uni-tum')).body;
    expect(tum.program.total).toBe(5);
    expect(tum.program.data.every((p) => p.university?.id === 'uni-tum')).toBe(true);
    expect(tum.university.total).toBe(23);
    expect((await search('university_ids=uni-tum,uni-lmu')).body.program.total).toBe(9);
    expect((await search('university_ids=uni-tum&university_ids=uni-lmu')).body.program.total).toBe(9);
    expect((await search(`university_ids=${encodeURIComponent('["uni-tum"]')}`)).body.program.total).toBe(5);
    expect((await search('university_ids=uni-nowhere')).body.program).toEqual({ total: 0, data: [] });
  });
});

describe('GET /api/new-search (university records)', () => {
  const records = (query: string) => getJson<UniversitySearchAnswer>(h.main, `/api/new-search?${query}`);

  it('looks a university up by a one-item university_ids list in content_language', async () => {
    const answer = await records(`content_language=de&university_ids=${encodeURIComponent('["uni-tum"]')}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 1, skip: 0, take: 10, language: 'de' });
    expect(answer.body.data[0]).toMatchObject({
      id: 'uni-tum',
      universityName: 'Technische Universität München',
      slug: 'technical-university-of-munich',
    });
    const english = await records('university_ids=uni-tum');
    expect(english.body).toMatchObject({
      language: 'en',
      data: [{ universityName: 'Technical University of Munich' }],
    });
  });

  it('filters by university fields in any language and ignores parameters that are no field', async () => {
    const berlin = await records('location=Berlin');
    expect(berlin.body.total).toBe(4);
    const munich = await records(`location=${encodeURIComponent('münchen')}&content_language=de`);
    expect(munich.body.data.map((u) => u.id).sort()).toEqual(['uni-hm', 'uni-lmu', 'uni-tum']);
    expect((await records('utm_source=newsletter')).body.total).toBe(23);
    expect((await records('content_language=xx')).body.language).toBe('en');
  });
});

describe('GET /api/blog/article/:id', () => {
  it("answers an article's title and slug in the X-Language language", async () => {
    const de = await getJson(h.main, '/api/blog/article/art-applying-to-university', { 'X-Language': 'de' });
    expect(de.status).toBe(200);
    expect(de.body).toEqual({
      ok: true,
      data: { title: expect.stringMatching(/^Bewerbung an einer deutschen Ho/), slug: 'applying-to-university' },
    });
    const en = await getJson(h.main, '/api/blog/article/art-applying-to-university');
    expect(en.body).toMatchObject({ ok: true, data: { title: 'Applying to a German university' } });
  });

  it("answers the spec's failure shape for an unknown article", async () => {
    for (const id of ['1', 'abc']) {
      const answer = await getJson(h.main, `/api/blog/article/${id}`, { 'X-Language': 'de' });
      expect({ id, status: answer.status, body: answer.body }).toEqual({
        id,
        status: 200,
        body: { ok: false, data: { title: '', slug: '' } },
      });
    }
  });
});

// Every answer -----------------------------------------------------------------------------------------

describe('every answer', () => {
  it('carries a Content-Security-Policy without unsafe-eval and the other security headers', async () => {
    const response = await h.main.fetch('/api/places-autocomplete?input=Berlin');
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    // this server is plain http (PUBLIC_URL unset): no https-only headers (security-headers.test.ts has both)
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers an unknown route with JSON, not a stack trace', async () => {
    const answer = await getJson(h.main, '/api/v1/identity/nothing?secret=1');
    expect(answer).toMatchObject({
      status: 404,
      body: { ok: false, message: 'No route GET /api/v1/identity/nothing' },
    });
  });

  it('limits token requests from one address (429 with Retry-After)', async () => {
    const limited = await h.start({ RATE_LIMIT_TOKENS: '2' });
    expect((await limited.fetch('/api/get-token')).status).toBe(200);
    expect((await limited.fetch('/api/get-token')).status).toBe(200);
    const third = await limited.fetch('/api/get-token');
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a client cannot escape the rate limits by sending its own X-Forwarded-For', async () => {
    const limited = await h.start({ RATE_LIMIT_TOKENS: '1' });
    expect((await limited.fetch('/api/get-token')).status).toBe(200);
    const spoofed = await limited.fetch('/api/get-token', { headers: { 'X-Forwarded-For': '203.0.113.7' } });
    expect(spoofed.status).toBe(429);
  });
});
