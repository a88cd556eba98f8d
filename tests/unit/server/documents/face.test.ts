import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFaceVideo, createFaceProvider, FaceProviderError } from '../../../../site/server/documents/face.js';
import { makeMp4, PNG_1X1 } from '../../../fixtures/server/mp4.js';

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
