import { describe, expect, it, vi } from 'vitest';
import { signedUpload, UploadError } from '../../../packages/react/src/widgets/upload/signedUpload.js';

const callbacks = () => ({ onSuccess: vi.fn(), onError: vi.fn(), onProgress: vi.fn() });
const file = new File(['x'], 'a.pdf', { type: 'application/pdf' });

describe('signedUpload', () => {
  it("throws 'Missing required parameters' when a callback is missing", () => {
    const { onSuccess, onError } = callbacks();
    expect(() => signedUpload({ file, fileName: 'x_1.pdf', onSuccess, onError })).toThrow(
      'Missing required parameters',
    );
    try {
      signedUpload({ file, fileName: 'x_1.pdf', onSuccess, onProgress: vi.fn() });
    } catch (e) {
      expect(e).toBeInstanceOf(UploadError);
      expect((e as UploadError).key).toBe('upload.missingParameters');
    }
  });

  it("throws 'File is either a Blob or a string.' for a non-File", () => {
    expect(() => signedUpload({ file: 'text', fileName: 'x_1.pdf', ...callbacks() })).toThrow(
      'File is either a Blob or a string.',
    );
    expect(() => signedUpload({ file: new Blob(['x']), fileName: 'x_1.pdf', ...callbacks() })).toThrow(UploadError);
  });

  it('reports an error when the signed target cannot be fetched (fetch test double)', async () => {
    const cb = callbacks();
    const fetchDouble = vi.fn(async () => new Response('', { status: 500 }));
    signedUpload({ file, fileName: 'x_1.pdf', ...cb, fetch: fetchDouble });
    await vi.waitFor(() => expect(cb.onError).toHaveBeenCalled());
    expect(cb.onSuccess).not.toHaveBeenCalled();
    expect((cb.onError.mock.calls[0][0] as UploadError).key).toBe('upload.failed');
  });
});
