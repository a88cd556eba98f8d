import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { compileForm } from '../../../packages/core/src/compile/index.js';
import type { FaceCaptureField, FormDefinition } from '../../../packages/core/src/dsl/types.js';
import { FormRunner } from '../../../packages/react/src/engine/FormRunner.js';
import { runtimeValidation } from '../../../packages/react/src/engine/runtimeValidation.js';
import { clearFaceVerification, FACE_STORAGE_KEY } from '../../../packages/react/src/widgets/face/storage.js';
import { renderForm } from './renderForm.js';

/*
 * jsdom has no camera, no MediaRecorder and no server: getUserMedia, MediaRecorder and fetch below are
 * test doubles, used only in these tests. The real camera, recorder, MP4 and face-recog call are covered
 * by tests/browser/face.spec.ts in Chromium.
 */

// as the compiler emits it for a required faceCapture field (its messages need the project's validator: the
// tests of messages below run the compiled form in the runner)
const schema = {
  type: 'object' as const,
  required: ['faceVerificationResult'],
  properties: {
    faceVerificationResult: {
      type: 'object' as const,
      properties: { status: { enum: ['accept', 'review', 'reject'] }, message: { type: 'string' as const } },
    },
  },
};
const faceOptions = {
  durationSeconds: 5,
  width: 1280,
  height: 720,
  format: 'mp4',
  storageKey: FACE_STORAGE_KEY,
  hideError: true,
};
const uiSchema = {
  faceVerificationResult: { 'ui:field': 'faceCapture', 'ui:title': 'Face verification', 'ui:options': faceOptions },
};

class FakeTrack {
  readyState: 'live' | 'ended' = 'live';
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.readyState = 'ended';
  }
}

class FakeStream {
  readonly tracks = [new FakeTrack('video'), new FakeTrack('audio')];
  getTracks() {
    return this.tracks;
  }
  get stopped() {
    return this.tracks.every((t) => t.readyState === 'ended');
  }
}

/** MP4 bytes as a recorder would hand them over: a box whose type is 'ftyp'. */
const MP4_BYTES = new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0]);
/** WebM (EBML header magic). */
const WEBM_BYTES = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

class FakeRecorder {
  static supported: (type: string) => boolean = () => true;
  static instances: FakeRecorder[] = [];
  static isTypeSupported(type: string) {
    return FakeRecorder.supported(type);
  }
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  constructor(
    readonly stream: FakeStream,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? 'video/webm';
    FakeRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    const bytes = this.mimeType.startsWith('video/mp4') ? MP4_BYTES : WEBM_BYTES;
    setTimeout(() => {
      this.ondataavailable?.({ data: new Blob([bytes], { type: this.mimeType }) });
      this.onstop?.();
    }, 0);
  }
}

interface Upload {
  headers: Record<string, string>;
  fields: Record<string, FormDataEntryValue>;
}

let streams: FakeStream[];
let getUserMedia: ReturnType<typeof vi.fn>;
let uploads: Upload[];
let answer: { status: number; body: unknown };
let busy: number[];

function stubBrowser() {
  streams = [];
  uploads = [];
  busy = [];
  answer = { status: 200, body: { data: { doc_status: 'accept' } } };
  getUserMedia = vi.fn(async () => {
    const stream = new FakeStream();
    streams.push(stream);
    return stream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  FakeRecorder.supported = () => true;
  FakeRecorder.instances = [];
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/api/get-token')) {
        return new Response(JSON.stringify({ access_token: 'tok-1', valid_until: '2999-01-01T00:00:00Z' }));
      }
      if (url.endsWith('/api/v1/identity/face-recog')) {
        const fields = Object.fromEntries((init?.body as FormData | undefined)?.entries() ?? []);
        uploads.push({ headers: init?.headers as Record<string, string>, fields });
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  // jsdom does not play media
  HTMLMediaElement.prototype.play = () => Promise.resolve();
}

// role queries are slow on antd's DOM; buttons are found by their text, the live regions by their role attribute
function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
  if (!found) throw new Error(`no button '${name}'`);
  return found;
}
function region(role: 'status' | 'alert'): HTMLElement {
  const found = document.querySelector<HTMLElement>(`section.antrag-face [role="${role}"]`);
  if (!found) throw new Error(`no ${role} region`);
  return found;
}

/** Lets timers and the promise chains behind them run (fake timers). */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
async function settle() {
  for (let i = 0; i < 5; i++) await advance(10);
}

function renderFace(formData?: unknown, extra: { options?: object; finish?: (how: object) => void } = {}) {
  const view = renderForm({
    schema,
    uiSchema: {
      faceVerificationResult: {
        ...uiSchema.faceVerificationResult,
        'ui:options': { ...faceOptions, ...extra.options },
      },
    },
    formData: formData === undefined ? undefined : { faceVerificationResult: formData },
    formContext: { onUploadChange: (n: number) => busy.push(n), finish: extra.finish } as never,
  });
  const section = () => view.container.querySelector('section.antrag-face') as HTMLElement;
  return { ...view, section, stage: () => section().dataset.stage, value: () => view.latest()?.faceVerificationResult };
}

async function recordFully() {
  fireEvent.click(button('Start Face Verification'));
  await advance(5000);
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers();
  stubBrowser();
  localStorage.setItem('account_id', 'BA-TEST123');
  localStorage.setItem('passport_id', '42');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('faceCapture field', () => {
  it('asks for the camera (stage 0), shows the preview (1), records 5 s with a countdown and uploads an MP4', async () => {
    const face = renderFace();
    expect(face.stage()).toBe('0');
    expect(region('status').textContent).toMatch(/Allow access to your camera and microphone/);
    await settle();
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
      audio: true,
    });
    expect(face.stage()).toBe('1');
    expect(screen.getByLabelText('Camera preview').tagName).toBe('VIDEO');

    fireEvent.click(button('Start Face Verification'));
    expect(face.stage()).toBe('3');
    expect(FakeRecorder.instances[0].mimeType).toMatch(/^video\/mp4/);
    expect(region('status').textContent).toContain('Recording… 5 s left');
    expect(button('Stop Recording').disabled).toBe(false);
    expect(busy.at(-1)).toBe(1); // Continue is held while recording
    await advance(1000);
    expect(region('status').textContent).toContain('Recording… 4 s left');
    await advance(3000);
    expect(region('status').textContent).toContain('Recording… 1 s left');
    expect(uploads).toHaveLength(0);
    await advance(1000);
    await settle();

    expect(uploads).toHaveLength(1);
    const { headers, fields } = uploads[0];
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(fields.blocked_acc_no).toBe('BA-TEST123');
    expect(fields.document_id).toBe('42');
    expect(fields.doc_type).toBe('passport');
    const video = fields.face as File;
    expect(video.name).toBe('face.mp4');
    const head = new Uint8Array(await video.slice(0, 8).arrayBuffer());
    expect(String.fromCharCode(...head.slice(4, 8))).toBe('ftyp');

    const notice = face.container.querySelector('[data-tone]') as HTMLElement;
    expect(notice.dataset.tone).toBe('success');
    expect(notice?.textContent).toContain('Face matches with the document');
    expect(notice.style.color).toBe('rgb(19, 82, 0)'); // green
    expect(notice.closest('[aria-live="polite"]')).not.toBeNull();
    expect(face.value()).toEqual({ status: 'accept' });
    expect(JSON.parse(localStorage.getItem(FACE_STORAGE_KEY) ?? 'null')).toEqual({ status: 'accept' });
    expect(streams[0].stopped).toBe(true); // the camera goes off with the result
    expect(busy.at(-1)).toBe(0);
    expect(button('Retry').disabled).toBe(false);
  });

  it.each([
    ['review', 'warning', 'rgb(97, 52, 0)', 'The face video lasts 2 s; please record again.'],
    ['reject', 'error', 'rgb(130, 0, 20)', 'The face does not match.'],
  ])('shows %s as %s in its colour with the server message, and stores it', async (status, tone, colour, message) => {
    answer = { status: 200, body: { data: { doc_status: status }, message } };
    const face = renderFace();
    await settle();
    await recordFully();
    const notice = face.container.querySelector('[data-tone]') as HTMLElement;
    expect(notice.dataset.tone).toBe(tone);
    expect(notice.style.color).toBe(colour);
    expect(notice?.textContent).toContain(message);
    expect(face.value()).toEqual({ status, message });
    expect(JSON.parse(localStorage.getItem(FACE_STORAGE_KEY) ?? 'null')).toEqual({ status, message });
  });

  it('Retry after a rejection goes back to stage 1 with the camera on and the result cleared', async () => {
    answer = { status: 200, body: { data: { doc_status: 'reject' }, message: 'No match.' } };
    const face = renderFace();
    await settle();
    await recordFully();
    expect(face.stage()).toBe('3');
    fireEvent.click(button('Retry'));
    await settle();
    expect(face.stage()).toBe('1');
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect((face.value() as { status?: string } | undefined)?.status).toBeUndefined(); // no outcome (RJSF keeps {} for a required object)
    expect(face.container.querySelector('[data-tone]')).toBeNull();
    expect(button('Start Face Verification').disabled).toBe(false);
  });

  it('Stop Recording ends the recording early and uploads what was recorded', async () => {
    renderFace();
    await settle();
    fireEvent.click(button('Start Face Verification'));
    await advance(2000);
    fireEvent.click(button('Stop Recording'));
    await settle();
    expect(uploads).toHaveLength(1);
  });

  it('stops camera and microphone on unmount, also a camera granted only after the step was left', async () => {
    const face = renderFace();
    await settle();
    expect(streams[0].stopped).toBe(false);
    face.unmount();
    expect(streams[0].stopped).toBe(true);

    // the browser answers the permission prompt after the field is gone
    let grant: (s: FakeStream) => void = () => {};
    getUserMedia.mockImplementationOnce(() => new Promise<FakeStream>((resolve) => (grant = resolve)));
    const late = renderFace();
    late.unmount();
    const stream = new FakeStream();
    await act(async () => grant(stream));
    await advance(500);
    expect(stream.stopped).toBe(true);
  });

  it('stops the camera and throws the recording away when the tab is hidden, and asks again when shown', async () => {
    const face = renderFace();
    await settle();
    fireEvent.click(button('Start Face Verification'));
    await advance(2000);
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    fireEvent(document, new Event('visibilitychange'));
    await settle();
    expect(streams[0].stopped).toBe(true);
    expect(face.stage()).toBe('0');
    await advance(5000);
    expect(uploads).toHaveLength(0);

    visibility.mockReturnValue('visible');
    fireEvent(document, new Event('visibilitychange'));
    await settle();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(streams[1].stopped).toBe(false);
    expect(face.stage()).toBe('1');
  });

  it('stops the camera on page unload', async () => {
    renderFace();
    await settle();
    fireEvent(window, new Event('pagehide'));
    expect(streams[0].stopped).toBe(true);
  });

  it('says so when only WebM can be recorded and the browser cannot convert, and uploads nothing', async () => {
    FakeRecorder.supported = (type) => type.startsWith('video/webm');
    vi.stubGlobal('VideoEncoder', undefined);
    const face = renderFace();
    await settle();
    await recordFully();
    expect(FakeRecorder.instances[0].mimeType).toMatch(/^video\/webm/);
    expect(region('alert').textContent).toContain(
      'Browser does not support video conversion. Please use a supported browser or contact support.',
    );
    expect(uploads).toHaveLength(0);
    expect(face.stage()).toBe('1'); // a processing failure returns to stage 1
    expect((face.value() as { status?: string } | undefined)?.status).toBeUndefined(); // no outcome (RJSF keeps {} for a required object)
  });

  it.each([
    [500, 'Failed to submit verification video. Please try again.'],
    [502, 'Processing failed.'],
  ])('a %s answer shows its message and returns to stage 1', async (status, text) => {
    answer = { status, body: { status: false, message: 'Processing failed.' } };
    const face = renderFace();
    await settle();
    await recordFully();
    expect(region('alert').textContent).toContain(text);
    expect(face.stage()).toBe('1');
    expect(localStorage.getItem(FACE_STORAGE_KEY)).toBeNull();
  });

  it('without a stored blocked-account number it makes no call', async () => {
    localStorage.removeItem('account_id');
    renderFace();
    await settle();
    await recordFully();
    expect(region('alert').textContent).toContain('No blocked account ID found.');
    expect(uploads).toHaveLength(0);
  });

  it.each([
    ['NotAllowedError', 'Camera access failed; check permissions.'],
    ['NotReadableError', 'Unable to access camera.'],
  ])('a camera refused with %s says "%s" and offers Retry', async (name, text) => {
    getUserMedia.mockImplementation(async () => {
      throw new DOMException('no', name);
    });
    const face = renderFace();
    await settle();
    expect(region('alert').textContent).toContain(text);
    expect(face.stage()).toBe('0');
    expect(button('Retry').disabled).toBe(false);
  });

  it("on a new 'accept' with onAccept, stops camera and microphone and asks the runner to end the flow", async () => {
    const finish = vi.fn();
    const camera: boolean[] = [];
    finish.mockImplementation(() => camera.push(streams[0].stopped));
    renderFace(undefined, { options: { onAccept: { back: 1, finishAfterMs: 2000 } }, finish });
    await settle();
    await recordFully();
    expect(finish).toHaveBeenCalledTimes(1);
    expect(finish).toHaveBeenCalledWith({ back: 1, afterMs: 2000 });
    expect(camera).toEqual([true]); // off before the flow moves on
  });

  it("does not end the flow on 'review' or 'reject', without onAccept, or for an earlier stored success", async () => {
    const finish = vi.fn();
    answer = { status: 200, body: { data: { doc_status: 'review' } } };
    const review = renderFace(undefined, { options: { onAccept: { back: 1 } }, finish });
    await settle();
    await recordFully();
    review.unmount();
    answer = { status: 200, body: { data: { doc_status: 'accept' } } };
    const plain = renderFace(undefined, { finish });
    await settle();
    await recordFully();
    plain.unmount();
    localStorage.setItem(FACE_STORAGE_KEY, JSON.stringify({ status: 'accept' }));
    renderFace(undefined, { options: { onAccept: { back: 1 } }, finish });
    await settle();
    expect(finish).not.toHaveBeenCalled();
  });

  it('an earlier recorded success counts without opening the camera', async () => {
    localStorage.setItem(FACE_STORAGE_KEY, JSON.stringify({ status: 'accept' }));
    const face = renderFace();
    await settle();
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(face.value()).toEqual({ status: 'accept' });
    expect(face.container.querySelector('[data-tone="success"]')?.textContent).toContain(
      'Face matches with the document',
    );
  });

  it('clearFaceVerification forgets the stored outcome (a new passport was uploaded)', () => {
    localStorage.setItem(FACE_STORAGE_KEY, JSON.stringify({ status: 'accept' }));
    clearFaceVerification();
    expect(localStorage.getItem(FACE_STORAGE_KEY)).toBeNull();
  });
});

/** A compiled form run by the engine: an intro step, then the face step (the KYC flow's shape). */
function runFlow(face: Partial<FaceCaptureField>, opts: { start?: 'intro' | 'face' } = {}) {
  const definition: FormDefinition = {
    id: 'face-flow',
    title: 'Face flow',
    version: 1,
    results: { success: { status: 'success', title: 'Your KYC verification was successful.' } },
    steps: [
      { id: 'intro', title: 'Intro', headline: 'Upload your passport', fields: [{ name: 'note', type: 'text' }] },
      {
        id: 'face',
        title: 'Face Verification',
        headline: 'Face Verification',
        labels: { done: 'Submit' },
        fields: [{ name: 'faceVerificationResult', type: 'faceCapture', label: 'Face verification', ...face }],
      },
    ],
  };
  const { form, diagnostics } = compileForm(definition);
  if (!form) throw new Error(`does not compile: ${JSON.stringify(diagnostics)}`);
  const view = render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
  const section = () => view.container.querySelector('section.antrag-face') as HTMLElement | null;
  return { ...view, section, start: opts.start ?? 'intro' };
}

async function toFaceStep() {
  fireEvent.click(button('Next'));
  await settle();
  await settle();
}

const occurrences = (text: string) => (document.body.textContent ?? '').split(text).length - 1;

/** The step's form sent as if its button were pressed (the button itself is disabled without a result). */
async function submitStep(view: { container: HTMLElement }) {
  fireEvent.submit(view.container.querySelector('form') as HTMLFormElement);
  await settle();
}

describe('faceCapture in the runner', () => {
  it('Submit is disabled until a result exists, whichever it is (spec 000 §4)', async () => {
    answer = { status: 200, body: { data: { doc_status: 'reject' }, message: 'The face does not match.' } };
    runFlow({ required: true });
    await settle();
    await toFaceStep();
    expect(button('Submit').disabled).toBe(true);
    await recordFully();
    expect(button('Submit').disabled).toBe(false);
    fireEvent.click(button('Submit'));
    await settle();
    expect(screen.getByText('Your KYC verification was successful.')).toBeTruthy();
  });

  it('an earlier recorded success enables Submit at once', async () => {
    localStorage.setItem(FACE_STORAGE_KEY, JSON.stringify({ status: 'accept' }));
    runFlow({ required: true, acceptRequired: true });
    await settle();
    await toFaceStep();
    expect(button('Submit').disabled).toBe(false);
  });

  it('a form sent without a result shows exactly one required message, at the field', async () => {
    const flow = runFlow({ required: true });
    await settle();
    await toFaceStep();
    await submitStep(flow);
    expect(occurrences('This field is required!')).toBe(1);
    const error = flow.section()?.querySelector('#root_faceVerificationResult__error');
    expect(error?.textContent).toBe('This field is required!');
    expect(flow.section()?.getAttribute('aria-describedby')).toContain('root_faceVerificationResult__error');
    // RJSF's own template shows nothing more for the field
    expect(flow.container.querySelectorAll('.ant-form-item-explain-error')).toHaveLength(1);
  });

  it("uses the field's own requiredMessage", async () => {
    const flow = runFlow({ required: true, requiredMessage: 'Please record your face first.' });
    await settle();
    await toFaceStep();
    await submitStep(flow);
    expect(occurrences('Please record your face first.')).toBe(1);
    expect(occurrences('This field is required!')).toBe(0);
    expect(flow.section()?.textContent).toContain('Please record your face first.');
  });

  it("with acceptRequired a 'review' does not pass; the message steps aside for a new recording", async () => {
    answer = { status: 200, body: { data: { doc_status: 'review' }, message: 'Needs a look.' } };
    const flow = runFlow({ required: true, acceptRequired: true });
    await settle();
    await toFaceStep();
    expect(button('Submit').disabled).toBe(true);
    await submitStep(flow);
    expect(occurrences('This field is required!')).toBe(1);
    await recordFully();
    // the earlier message was about no result; a result is there now, but submit mode needs 'accept'
    expect(occurrences('This field is required!')).toBe(0);
    expect(button('Submit').disabled).toBe(true);
    await submitStep(flow);
    expect(occurrences('Please complete the face verification successfully to continue.')).toBe(1);
    expect(flow.section()).not.toBeNull(); // still on the face step
  });

  it("an 'accept' with onAccept goes back one step and shows the success after 2 s", async () => {
    const flow = runFlow({ required: true, acceptRequired: true, onAccept: { back: 1, finishAfterMs: 2000 } });
    await settle();
    await toFaceStep();
    await recordFully();
    expect(streams[0].stopped).toBe(true);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Upload your passport');
    expect(flow.section()).toBeNull();
    await advance(1900);
    expect(screen.queryByText('Your KYC verification was successful.')).toBeNull();
    await advance(200);
    expect(screen.getByText('Your KYC verification was successful.')).toBeTruthy();
    expect(streams.every((s) => s.stopped)).toBe(true);
  });

  it('on the first step (no step to go back to) the accepted result shows until the success follows', async () => {
    const { form } = compileForm({
      id: 'face-only',
      title: 'Face only',
      version: 1,
      results: { success: { status: 'success', title: 'Face verification done.' } },
      steps: [
        {
          id: 'face',
          title: 'Face Verification',
          labels: { done: 'Submit' },
          fields: [
            {
              name: 'faceVerificationResult',
              type: 'faceCapture',
              required: true,
              onAccept: { back: 1, finishAfterMs: 2000 },
            },
          ],
        },
      ],
    });
    if (!form) throw new Error('does not compile');
    const view = render(<FormRunner form={form} validation={runtimeValidation(form)} locale="en" />);
    await settle();
    await recordFully();
    const notice = view.container.querySelector('section.antrag-face [data-tone]');
    expect(notice?.getAttribute('data-tone')).toBe('success');
    expect(notice?.textContent).toContain('Face matches with the document');
    await advance(2000);
    expect(screen.getByText('Face verification done.')).toBeTruthy();
  });

  it('leaving the runner before the delay cancels the success', async () => {
    const flow = runFlow({ required: true, onAccept: { back: 1, finishAfterMs: 2000 } });
    await settle();
    await toFaceStep();
    await recordFully();
    const pending = vi.getTimerCount();
    flow.unmount();
    expect(vi.getTimerCount()).toBeLessThan(pending);
    await advance(3000);
    expect(screen.queryByText('Your KYC verification was successful.')).toBeNull();
  });
});
