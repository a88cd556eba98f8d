import { describe, expect, it } from 'vitest';
import { assertSafeKey, keyProblem } from '../../../../site/server/files/keys.js';
import { checkUploadRequest, typeForFileName } from '../../../../site/server/files/names.js';

describe('storage keys', () => {
  it.each(['uploads/12_abc.png', 'a', 'uploads/Passport_x-y.z.pdf', 'a/b/c_d-1.webm'])('accepts %s', (key) => {
    expect(keyProblem(key)).toBeUndefined();
  });

  it.each([
    ['', 'empty'],
    ['/etc/passwd', 'absolute'],
    ['../secret', "'..'"],
    ['uploads/../../secret', "'..'"],
    ['uploads/./x', "'..'"],
    ['uploads//x', 'empty segments'],
    ['uploads/', 'empty segments'],
    ['uploads/.hidden', "start with '.'"],
    ['uploads\\..\\x', 'letters, digits'],
    ['uploads/a b', 'letters, digits'],
    ['uploads/é.png', 'letters, digits'],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: S3's literal ${filename} variable is the point
    ['uploads/${filename}', 'letters, digits'],
    ['C:/x', 'letters, digits'],
    ['x'.repeat(513), 'longer'],
  ])('refuses %j', (key, reason) => {
    expect(keyProblem(key)).toContain(reason);
    expect(() => assertSafeKey(key)).toThrow(/invalid storage key/);
  });
});

describe('upload request (GET /api/upload-file query)', () => {
  it('accepts a generated name with the extension of its type, and maps it to a key', () => {
    expect(checkUploadRequest({ file: '12_V1StGXR8_Z5jdHi6B-myT.pdf', fileType: 'application/pdf' })).toEqual({
      ok: true,
      fileName: '12_V1StGXR8_Z5jdHi6B-myT.pdf',
      key: 'uploads/12_V1StGXR8_Z5jdHi6B-myT.pdf',
      contentType: 'application/pdf',
    });
    expect(checkUploadRequest({ file: 'Passport_abc.JPG', fileType: 'image/jpg' })).toMatchObject({
      ok: true,
      contentType: 'image/jpeg',
    });
    expect(checkUploadRequest({ file: 'face_abc.webm', fileType: 'video/webm;codecs=vp8' })).toMatchObject({
      ok: true,
      contentType: 'video/webm',
    });
  });

  it.each([
    [{}, "'file'"],
    [{ file: 'a.png' }, "'fileType'"],
    [{ file: ['a.png', 'b.png'], fileType: 'image/png' }, "'file'"],
    [{ file: '../a.png', fileType: 'image/png' }, 'generated file name'],
    [{ file: 'dir/a.png', fileType: 'image/png' }, 'generated file name'],
    [{ file: '.a.png', fileType: 'image/png' }, 'generated file name'],
    [{ file: 'a..png', fileType: 'image/png' }, 'generated file name'],
    [{ file: 'a b.png', fileType: 'image/png' }, 'generated file name'],
    [{ file: `${'a'.repeat(200)}.png`, fileType: 'image/png' }, 'generated file name'],
    [{ file: 'a.html', fileType: 'text/html' }, "'text/html' is not accepted"],
    [{ file: 'a.svg', fileType: 'image/svg+xml' }, 'not accepted'],
    [{ file: 'a.png', fileType: 'image/jpeg' }, 'must end in .jpg or .jpeg for the type image/jpeg, not .png'],
    [{ file: 'a', fileType: 'application/pdf' }, 'must end in .pdf'],
  ])('refuses %j', (query, message) => {
    const result = checkUploadRequest(query);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain(message);
  });

  it('knows the type of a file name', () => {
    expect(typeForFileName('uploads/x.JPEG')).toBe('image/jpeg');
    expect(typeForFileName('uploads/x.mp4')).toBe('video/mp4');
    expect(typeForFileName('uploads/x.exe')).toBeUndefined();
    expect(typeForFileName('uploads/x')).toBeUndefined();
  });
});
