import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkFaceVideo,
  createFaceProvider,
  FaceProviderError,
  FaceVideoRefusedError,
} from '../../../../site/server/documents/face.js';
import {
  box,
  findBoxes,
  makeMp4,
  PNG_1X1,
  stszBody,
  stszBomb,
  trunBomb,
  withMoovChild,
} from '../../../fixtures/server/mp4.js';

describe('checkFaceVideo (reference provider)', () => {
  it('accepts a 5 s MP4 with a video track and reports its properties', () => {
    const result = checkFaceVideo(makeMp4({ seconds: 5, width: 640, height: 480, audio: true }));
    expect(result.doc_status).toBe('accept');
    expect(result.details).toEqual({ durationSeconds: 5, width: 640, height: 480, hasAudio: true });
  });

  it('takes the duration from the samples when the header declares none (browser recordings) or from the header', () => {
    const fromSamples = checkFaceVideo(makeMp4({ seconds: 4.5 }));
    expect(fromSamples.doc_status).toBe('accept');
    expect(fromSamples.details.durationSeconds).toBe(4.5);
    expect(fromSamples.details.hasAudio).toBe(false);
    const declared = checkFaceVideo(makeMp4({ seconds: 5, declaredSeconds: 5.5 }));
    expect(declared.details.durationSeconds).toBe(5.5);
  });

  it('asks for review when the recording is too short or too long', () => {
    const short = checkFaceVideo(makeMp4({ seconds: 1 }));
    expect(short.doc_status).toBe('review');
    expect(short.message).toMatch(/lasts 1 s/);
    expect(checkFaceVideo(makeMp4({ seconds: 12 })).doc_status).toBe('review');
  });

  it('rejects a PNG, random bytes and an empty upload as not MP4', () => {
    for (const bytes of [PNG_1X1, new Uint8Array(64).fill(7), new Uint8Array()]) {
      const result = checkFaceVideo(bytes);
      expect(result.doc_status).toBe('reject');
      expect(result.message).toMatch(/not an MP4/);
    }
  });

  it('rejects an MP4 without a video track', () => {
    const result = checkFaceVideo(makeMp4({ video: false, audio: true }));
    expect(result.doc_status).toBe('reject');
    expect(result.message).toMatch(/no video track/);
    expect(result.details.hasAudio).toBe(true);
  });

  it('rejects a truncated MP4', () => {
    const result = checkFaceVideo(makeMp4().subarray(0, 40));
    expect(result.doc_status).toBe('reject');
  });
});

/** checkFaceVideo's verdict and how long it took; a refusal is caught. */
function timedCheck(bytes: Uint8Array) {
  const started = performance.now();
  try {
    const result = checkFaceVideo(bytes);
    return { result, error: undefined, ms: performance.now() - started };
  } catch (error) {
    return { result: undefined, error, ms: performance.now() - started };
  }
}

describe('checkFaceVideo on files that announce more than they hold (issue 14)', () => {
  // Before the box walk, 1,000,000 took 1 s on the event loop and answered 'accept', 10,000,000 took 14.7 s
  // and 4.4 GB, and 4,294,967,295 ended the process.
  it.each([1_000_000, 10_000_000, 4_294_967_295])(
    'refuses a 21 KB recording whose stsz announces %i one-byte samples with 400, in milliseconds',
    (count) => {
      const bytes = stszBomb(count);
      expect(bytes.length).toBeLessThan(25_000);
      const { result, error, ms } = timedCheck(bytes);
      expect(result).toBeUndefined();
      expect(error).toBeInstanceOf(FaceVideoRefusedError);
      expect(error).toMatchObject({
        statusCode: 400,
        message: `The face video is damaged or not a genuine recording (no readable MP4 movie): its stsz box lists ${count.toLocaleString('en-US')} samples, more than the 20,000 a short recording can have.`,
      });
      expect(ms).toBeLessThan(1000);
    },
  );

  it('refuses samples within the count limit that the media data cannot hold', () => {
    const { error } = timedCheck(stszBomb(20_000, 1));
    expect(error).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(
        /its stsz box lists 20,000 samples of 1 bytes, more than the 4,800 bytes of media data in the file\.$/,
      ),
    });
    const { error: big } = timedCheck(stszBomb(3, 1_000_000));
    expect(big).toMatchObject({ message: expect.stringMatching(/3 samples of 1,000,000 bytes/) });
  });

  it('refuses a fragment whose trun announces a million samples', () => {
    const { error, ms } = timedCheck(trunBomb(1_000_000));
    expect(error).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/its trun box lists 1,000,000 samples, more than the 20,000/),
    });
    expect(ms).toBeLessThan(1000);
  });

  it('refuses a table whose entries do not fit in its box, a box larger than its parent, and a table hidden in udta', () => {
    // the track's stsz turned into a table of sizes (sample_size 0): its 5 entries need 20 bytes the box does not have
    const table = timedCheck(stszBomb(5, 0));
    expect(table.error).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/its stsz box lists 5 samples, which need 32 bytes, but the box holds 12/),
    });
    // a constant-size stsz in udta (not a sample table's place; mp4box parses it all the same)
    const hidden = timedCheck(withMoovChild(box('udta', box('free', box('stsz', stszBody(1, 4_294_967_295))))));
    expect(hidden.error).toMatchObject({ statusCode: 400, message: expect.stringMatching(/has a stsz table where/) });
    expect(hidden.ms).toBeLessThan(1000);
    // moov boxes nested 10,000 deep (mp4box recurses into each)
    let nested = box('free', new Uint8Array(0));
    for (let i = 0; i < 10_000; i++) nested = box('moov', nested);
    expect(timedCheck(withMoovChild(nested)).error).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/its boxes are nested more than 8 deep/),
    });
    // the first trak claims 100,000 bytes more than its moov has left
    const bytes = makeMp4();
    const trak = findBoxes(bytes, 'trak')[0];
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    view.setUint32(trak, view.getUint32(trak) + 100_000);
    expect(timedCheck(bytes).error).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/its trak box declares [\d,]+ bytes, more than the [\d,]+ its parent has left/),
    });
  });

  it('rejects (never accepts) a file whose samples add up to more than its media data', () => {
    // 5 constant-size samples of 1 byte in the first track's table, beside the 150 fragment samples: 5 bytes too many
    const { result } = timedCheck(stszBomb(5, 1));
    expect(result?.doc_status).toBe('reject');
    expect(result?.message).toBe(
      'The face video is damaged: its samples add up to 4805 bytes, but it holds only 4800 bytes of media data.',
    );
  });

  it('still accepts honest recordings, with and without audio, and passes every fixture through the walk quickly', () => {
    for (const options of [{}, { audio: true }, { seconds: 8, audio: true }, { declaredSeconds: 5 }]) {
      const { result, ms } = timedCheck(makeMp4(options));
      expect(result?.doc_status).toBe('accept');
      expect(ms).toBeLessThan(2000);
    }
    expect(checkFaceVideo(makeMp4({ seconds: 12 })).doc_status).toBe('review');
  });
});

describe('createFaceProvider', () => {
  it("'reference' runs the local check", async () => {
    const provider = createFaceProvider('reference');
    expect(provider.name).toBe('reference');
    const result = await provider.verify({
      face: makeMp4(),
      blocked_acc_no: 'DE1',
      doc_type: 'passport',
      document_id: '7',
    });
    expect(result.doc_status).toBe('accept');
  });

  it('refuses a setting that is neither reference nor an http(s) URL', () => {
    expect(() => createFaceProvider('magic')).toThrow(/reference/);
    expect(() => createFaceProvider('ftp://127.0.0.1/x')).toThrow(/http/);
  });

  describe('external provider (stub server on 127.0.0.1)', () => {
    let server: Server;
    let base: string;
    const received: {
      fields: Record<string, string>;
      face?: { name: string; type: string; size: number };
      auth?: string;
    }[] = [];
    let answer: { status: number; body: unknown } = { status: 200, body: {} };

    async function readForm(req: IncomingMessage) {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const form = await new Response(Buffer.concat(chunks), {
        headers: { 'content-type': String(req.headers['content-type']) },
      }).formData();
      const fields: Record<string, string> = {};
      let face: { name: string; type: string; size: number } | undefined;
      for (const [key, value] of form.entries()) {
        if (typeof value === 'string') fields[key] = value;
        else face = { name: value.name, type: value.type, size: value.size };
      }
      return { fields, face };
    }

    beforeAll(async () => {
      server = createServer(async (req, res) => {
        received.push({ ...(await readForm(req)), auth: req.headers.authorization });
        res.writeHead(answer.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/face`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('forwards the multipart fields and passes the answer on', async () => {
      answer = { status: 200, body: { data: { doc_status: 'review' }, message: 'Face unclear' } };
      const provider = createFaceProvider(base, { headers: { authorization: 'Bearer t' } });
      const video = makeMp4();
      const result = await provider.verify({
        face: video,
        blocked_acc_no: 'DE123',
        doc_type: 'passport',
        document_id: '42',
      });
      expect(result).toEqual({ doc_status: 'review', message: 'Face unclear' });
      const last = received.at(-1)!;
      expect(last.fields).toEqual({ blocked_acc_no: 'DE123', doc_type: 'passport', document_id: '42' });
      expect(last.face).toEqual({ name: 'face.mp4', type: 'video/mp4', size: video.length });
      expect(last.auth).toBe('Bearer t');
    });

    it('raises FaceProviderError on an HTTP error or an unknown status', async () => {
      const provider = createFaceProvider(base);
      const input = { face: makeMp4(), blocked_acc_no: 'DE1', doc_type: 'passport', document_id: '1' };
      answer = { status: 500, body: { message: 'boom' } };
      await expect(provider.verify(input)).rejects.toBeInstanceOf(FaceProviderError);
      answer = { status: 200, body: { data: { doc_status: 'maybe' } } };
      await expect(provider.verify(input)).rejects.toThrow(/unknown doc_status/);
    });
  });
});
