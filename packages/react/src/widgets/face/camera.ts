/** The camera and microphone: opening them with the ideal size and stopping every track. */

export type CameraProblem = 'face.cameraAccessFailed' | 'face.cameraUnavailable';

/** `key` is the catalogue key of the message (spec §8). */
export class CameraError extends Error {
  constructor(
    readonly key: CameraProblem,
    cause?: unknown,
  ) {
    super(key === 'face.cameraAccessFailed' ? 'Camera access failed; check permissions.' : 'Unable to access camera.', {
      cause,
    });
    this.name = 'CameraError';
  }
}

/** Permission refused by the user or the page's policy: the person can fix that in the browser's settings. */
const DENIED = new Set(['NotAllowedError', 'PermissionDeniedError', 'SecurityError']);
/** No such device: try once more without the microphone before giving up. */
const NO_DEVICE = new Set(['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError']);

function errorName(error: unknown): string {
  return error && typeof error === 'object' && 'name' in error ? String((error as { name: unknown }).name) : '';
}

/** The front camera at (ideally) width×height with the microphone, or the camera alone where there is none. */
export async function openCamera(size: { width: number; height: number }): Promise<MediaStream> {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices?.getUserMedia) throw new CameraError('face.cameraUnavailable');
  const video: MediaTrackConstraints = {
    width: { ideal: size.width },
    height: { ideal: size.height },
    facingMode: 'user',
  };
  try {
    return await devices.getUserMedia({ video, audio: true });
  } catch (error) {
    if (DENIED.has(errorName(error))) throw new CameraError('face.cameraAccessFailed', error);
    if (!NO_DEVICE.has(errorName(error))) throw new CameraError('face.cameraUnavailable', error);
  }
  try {
    return await devices.getUserMedia({ video, audio: false });
  } catch (error) {
    throw new CameraError(DENIED.has(errorName(error)) ? 'face.cameraAccessFailed' : 'face.cameraUnavailable', error);
  }
}

/** Stops every track of a stream (camera light off, microphone released). */
export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) {
    try {
      track.stop();
    } catch {
      // an already ended track
    }
  }
}
