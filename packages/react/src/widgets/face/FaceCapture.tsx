import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { type CSSProperties, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Translate } from '../shared/texts.js';
import { FaceSubmitError, faceIdsFromStorage, submitFaceVideo } from './api.js';
import { CameraError, openCamera, stopStream } from './camera.js';
import { ConversionError, ensureMp4 } from './convert.js';
import { isMp4Type, pickRecordingType, type Recording, RecordingCancelled, startRecording } from './recorder.js';
import { type FaceOutcome, type FaceStatus, readFaceOutcome, storeFaceOutcome } from './storage.js';
import { useNarrowScreen } from './useNarrowScreen.js';

/**
 * Where the capture is. The spec's stages (§4) are 0 permission, 1 position adjusted, 2 start clicked,
 * 3 recording/done; `stageOf` maps these finer phases onto them.
 */
export type FacePhase = 'permission' | 'ready' | 'starting' | 'recording' | 'converting' | 'uploading' | 'done';

export function stageOf(phase: FacePhase): 0 | 1 | 2 | 3 {
  if (phase === 'permission') return 0;
  if (phase === 'ready') return 1;
  if (phase === 'starting') return 2;
  return 3;
}

const BUSY: readonly FacePhase[] = ['starting', 'recording', 'converting', 'uploading'];

export interface FaceCaptureSettings {
  durationSeconds: number;
  width: number;
  height: number;
  storageKey?: string;
}

export interface FaceCaptureProps {
  id: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  value: FaceOutcome | undefined;
  onChange: (value: FaceOutcome | undefined) => void;
  settings: FaceCaptureSettings;
  t: Translate;
  locale?: string;
  apiBase?: string;
  /** Told while a recording, conversion or upload runs, so the wizard holds Continue. */
  onBusyChange?: (busy: boolean) => void;
  /** RJSF's error / description ids. */
  describedBy?: string;
  /** The field's validation messages, shown in its frame (see FaceCaptureField). */
  fieldErrors?: string[];
  /**
   * Told of each new outcome of a recording (not of an earlier one read back from storage), after camera and
   * microphone are off: the KYC flow ends on an 'accept'.
   */
  onResult?: (outcome: FaceOutcome) => void;
}

type Tone = 'success' | 'warning' | 'error';

const TONE_OF: Record<FaceStatus, Tone> = { accept: 'success', review: 'warning', reject: 'error' };

/** Green, amber and red, each text colour at least 7:1 against its background (WCAG AAA). */
const TONES: Record<Tone, { color: string; background: string; border: string; icon: string }> = {
  success: { color: '#135200', background: '#f6ffed', border: '#b7eb8f', icon: '#389e0d' },
  warning: { color: '#613400', background: '#fffbe6', border: '#ffe58f', icon: '#ad6800' },
  error: { color: '#820014', background: '#fff2f0', border: '#ffccc7', icon: '#cf1322' },
};

function Notice({ tone, text }: { tone: Tone; text: string }) {
  const c = TONES[tone];
  const Icon =
    tone === 'success' ? CheckCircleFilled : tone === 'warning' ? ExclamationCircleFilled : CloseCircleFilled;
  return (
    <div
      className={`antrag-face-notice antrag-face-notice-${tone}`}
      data-tone={tone}
      style={{
        display: 'flex',
        gap: 8,
        alignItems: 'flex-start',
        padding: '8px 12px',
        marginTop: 12,
        border: `1px solid ${c.border}`,
        borderRadius: 6,
        background: c.background,
        color: c.color,
      }}
    >
      <Icon aria-hidden style={{ color: c.icon, marginTop: 4 }} />
      <span>{text}</span>
    </div>
  );
}

function problemKey(error: unknown): string {
  if (error instanceof CameraError || error instanceof ConversionError || error instanceof FaceSubmitError) {
    return error.key;
  }
  return 'face.genericError';
}

/**
 * The face-verification capture: a live mirrored preview, a recording of `durationSeconds` with a
 * countdown, MP4 (recorded as such, or converted from WebM), the upload to face-recog and the result.
 * Camera and microphone are released on every way out: the result, the page hidden or unloaded, unmount.
 */
export function FaceCapture(props: FaceCaptureProps) {
  const { id, label, required, disabled, value, settings, t } = props;
  const { durationSeconds, width, height, storageKey } = settings;
  const narrow = useNarrowScreen();
  const [phase, setPhaseState] = useState<FacePhase>(() => (value ? 'done' : 'permission'));
  const [remaining, setRemaining] = useState(durationSeconds);
  const [problem, setProblem] = useState<string | undefined>();

  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const recordingRef = useRef<Recording | null>(null);
  const timersRef = useRef<{ tick?: ReturnType<typeof setInterval>; end?: ReturnType<typeof setTimeout> }>({});
  /** Bumped by every new attempt and every exit, so late answers of an older one are dropped. */
  const runRef = useRef(0);
  const disposedRef = useRef(false);
  const phaseRef = useRef(phase);
  // the latest props for callbacks that outlive a render (timers, media events)
  const latest = useRef(props);
  latest.current = props;

  const setPhase = useCallback((next: FacePhase) => {
    phaseRef.current = next;
    setPhaseState(next);
  }, []);

  const clearTimers = useCallback(() => {
    clearInterval(timersRef.current.tick);
    clearTimeout(timersRef.current.end);
    timersRef.current = {};
  }, []);

  const stopCamera = useCallback(() => {
    stopStream(streamRef.current);
    streamRef.current = null;
    const video = videoRef.current;
    if (video) {
      const source = video.srcObject as MediaStream | null;
      if (source && typeof source.getTracks === 'function') stopStream(source);
      video.srcObject = null;
    }
  }, []);

  /** Everything off: timers, a recording in progress (thrown away), camera and microphone. */
  const stopAll = useCallback(() => {
    clearTimers();
    recordingRef.current?.cancel();
    recordingRef.current = null;
    stopCamera();
  }, [clearTimers, stopCamera]);

  const acquire = useCallback(async () => {
    const run = ++runRef.current;
    setPhase('permission');
    stopCamera();
    try {
      const stream = await openCamera({ width, height });
      // the step was left, the page hidden or another attempt started while the browser asked
      if (disposedRef.current || run !== runRef.current || document.visibilityState === 'hidden') {
        stopStream(stream);
        return;
      }
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        try {
          void Promise.resolve(video.play?.()).catch(() => {});
        } catch {
          // autoplay refused or not implemented: the preview stays still, recording still works
        }
      }
      setProblem(undefined);
      setPhase('ready');
    } catch (error) {
      if (disposedRef.current || run !== runRef.current) return;
      setProblem(problemKey(error));
    }
  }, [width, height, setPhase, stopCamera]);

  /** Back to stage 1 after a failure, with the camera on again if it went off meanwhile. */
  const backToStart = useCallback(() => {
    const live = streamRef.current?.getTracks().some((track) => track.readyState === 'live');
    if (live) setPhase('ready');
    else void acquire();
  }, [acquire, setPhase]);

  const process = useCallback(
    async (recording: Blob, run: number) => {
      const current = () => !disposedRef.current && run === runRef.current;
      try {
        const ids = faceIdsFromStorage();
        setPhase(isMp4Type(recording.type) ? 'uploading' : 'converting');
        const { video } = await ensureMp4(recording, { width, height });
        if (!current()) return;
        setPhase('uploading');
        const { apiBase, locale } = latest.current;
        const outcome = await submitFaceVideo(video, ids, { apiBase, language: locale });
        if (!current()) return;
        storeFaceOutcome(outcome, storageKey);
        // a result ends the capture: camera and microphone off before anything else happens (the KYC flow
        // leaves the step on an 'accept')
        stopAll();
        latest.current.onChange(outcome);
        setProblem(undefined);
        setPhase('done');
        latest.current.onResult?.(outcome);
      } catch (error) {
        if (!current()) return;
        if (!(error instanceof FaceSubmitError || error instanceof ConversionError)) {
          console.error('face verification failed', error);
        }
        setProblem(problemKey(error));
        backToStart();
      }
    },
    [width, height, storageKey, setPhase, stopAll, backToStart],
  );

  const start = () => {
    const stream = streamRef.current;
    // the camera was released meanwhile (an unload that did not happen): ask for it again first
    if (!stream?.getTracks().some((track) => track.readyState === 'live')) {
      void acquire();
      return;
    }
    const run = ++runRef.current;
    setProblem(undefined);
    setPhase('starting');
    const type = pickRecordingType();
    if (typeof MediaRecorder === 'undefined' || !type) {
      setProblem('face.conversionUnsupported');
      setPhase('ready');
      return;
    }
    let recording: Recording;
    try {
      recording = startRecording(stream, type);
    } catch (error) {
      console.error('could not start recording', error);
      setProblem('face.cameraUnavailable');
      setPhase('ready');
      return;
    }
    recordingRef.current = recording;
    setRemaining(durationSeconds);
    setPhase('recording');
    const end = Date.now() + durationSeconds * 1000;
    timersRef.current.tick = setInterval(() => {
      setRemaining(Math.max(0, Math.ceil((end - Date.now()) / 1000)));
    }, 250);
    timersRef.current.end = setTimeout(() => recording.stop(), durationSeconds * 1000);
    recording.done.then(
      (blob) => {
        clearTimers();
        recordingRef.current = null;
        if (run === runRef.current && !disposedRef.current) void process(blob, run);
      },
      (error) => {
        clearTimers();
        recordingRef.current = null;
        if (error instanceof RecordingCancelled || run !== runRef.current || disposedRef.current) return;
        console.error('recording failed', error);
        setProblem('face.genericError');
        backToStart();
      },
    );
  };

  const stopRecording = () => {
    clearTimers();
    recordingRef.current?.stop();
  };

  const retry = () => {
    setProblem(undefined);
    // an earlier success stays valid for Continue (spec §4); any other outcome is replaced by the new attempt
    const earlier = readFaceOutcome(storageKey);
    latest.current.onChange(earlier?.status === 'accept' ? earlier : undefined);
    backToStart();
  };

  // mount: show a result there is, take an earlier recorded success, else ask for the camera
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per mount; later changes come through refs
  useEffect(() => {
    disposedRef.current = false;
    if (latest.current.value) setPhase('done');
    else {
      const earlier = readFaceOutcome(storageKey);
      if (earlier?.status === 'accept') {
        latest.current.onChange(earlier);
        setPhase('done');
      } else void acquire();
    }
    return () => {
      disposedRef.current = true;
      runRef.current++;
      stopAll();
      // later passes catch a camera the browser hands over just after the step was left
      const again = () => {
        if (disposedRef.current) stopAll();
      };
      setTimeout(again, 100);
      setTimeout(again, 500);
    };
  }, []);

  // the tab hidden: release the camera (a recording in progress is thrown away); shown again: ask again
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        const p = phaseRef.current;
        if (p === 'permission' || p === 'ready' || p === 'starting' || p === 'recording') {
          runRef.current++;
          stopAll();
          setRemaining(durationSeconds);
          setPhase('permission');
        } else stopCamera(); // converting / uploading: the upload carries on; done: the camera is off already
      } else if (phaseRef.current === 'permission' && !disposedRef.current) void acquire();
    };
    const onLeave = () => stopAll();
    // back from the browser's page cache: the camera was released on the way out
    const onShow = (event: PageTransitionEvent) => {
      const p = phaseRef.current;
      if (event.persisted && (p === 'permission' || p === 'ready') && !disposedRef.current) void acquire();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('beforeunload', onLeave);
    window.addEventListener('pageshow', onShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('beforeunload', onLeave);
      window.removeEventListener('pageshow', onShow);
    };
  }, [acquire, durationSeconds, setPhase, stopAll, stopCamera]);

  // a shown result cleared from outside (a new passport): start over
  const resultShown = useRef(false);
  useEffect(() => {
    if (phase !== 'done') resultShown.current = false;
    else if (value) resultShown.current = true;
    else if (resultShown.current) {
      resultShown.current = false;
      backToStart();
    }
  }, [phase, value, backToStart]);

  const busy = BUSY.includes(phase);
  const onBusyChange = props.onBusyChange;
  // in the commit that draws the new phase (as the upload fields do), so Next is held exactly while a check runs
  useLayoutEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);
  useEffect(() => () => latest.current.onBusyChange?.(false), []);

  const stage = stageOf(phase);
  const status =
    phase === 'permission' && !problem
      ? t('face.permission')
      : phase === 'ready'
        ? t('face.position')
        : phase === 'recording'
          ? t('face.recording', { seconds: remaining })
          : phase === 'converting'
            ? t('face.converting')
            : phase === 'uploading'
              ? t('face.uploading')
              : '';
  const result = phase === 'done' ? value : undefined;
  const resultText = result
    ? (result.message ??
      (result.status === 'accept'
        ? t('face.matchSuccess')
        : result.status === 'review'
          ? t('face.reviewDefault')
          : t('face.rejectDefault')))
    : undefined;
  const labelId = `${id}__label`;
  const statusId = `${id}__status`;
  const fieldErrors = props.fieldErrors ?? [];
  const showRetry = phase === 'done' || (phase === 'permission' && !!problem);

  const frame: CSSProperties = {
    position: 'relative',
    width: '100%',
    maxWidth: narrow ? undefined : 640,
    aspectRatio: `${width} / ${height}`,
    background: '#1f1f1f',
    borderRadius: 8,
    overflow: 'hidden',
  };
  const buttonStyle: CSSProperties | undefined = narrow ? { width: '100%' } : undefined;

  return (
    <section
      id={id}
      tabIndex={-1}
      className={`antrag-face${narrow ? ' antrag-face-narrow' : ''}`}
      data-stage={stage}
      data-phase={phase}
      aria-labelledby={labelId}
      aria-describedby={[statusId, props.describedBy].filter(Boolean).join(' ')}
    >
      <div className="ant-form-item-label" style={{ textAlign: 'start' }}>
        <span id={labelId} className={required ? 'ant-form-item-required' : undefined}>
          {label}
        </span>
      </div>
      <div style={frame}>
        <video
          ref={videoRef}
          aria-label={t('face.preview')}
          muted
          playsInline
          autoPlay
          style={{
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            transform: 'scaleX(-1)', // a mirror, as people expect of a selfie camera
            display: phase === 'done' ? 'none' : 'block',
          }}
        />
        {phase === 'recording' && (
          <span
            aria-hidden
            className="antrag-face-countdown"
            style={{
              position: 'absolute',
              top: 8,
              right: 8,
              minWidth: 40,
              padding: '2px 10px',
              borderRadius: 16,
              background: 'rgba(0, 0, 0, 0.75)',
              color: '#fff',
              fontSize: 20,
              fontWeight: 600,
              textAlign: 'center',
            }}
          >
            <span style={{ color: '#ff7875', marginRight: 6 }}>●</span>
            {remaining}
          </span>
        )}
      </div>
      <div id={statusId} role="status" aria-live="polite" aria-atomic="true" style={{ marginTop: 8 }}>
        {status}
        {result && resultText && <Notice tone={TONE_OF[result.status]} text={resultText} />}
      </div>
      <div role="alert">{problem && <Notice tone="error" text={t(problem)} />}</div>
      <div
        style={{
          display: 'flex',
          flexDirection: narrow ? 'column' : 'row',
          flexWrap: 'wrap',
          gap: 8,
          marginTop: 12,
        }}
      >
        {(phase === 'permission' || phase === 'ready' || phase === 'starting') && !showRetry && (
          <Button
            type="primary"
            style={buttonStyle}
            disabled={disabled || phase !== 'ready'}
            loading={phase === 'starting'}
            onClick={start}
          >
            {t('face.start')}
          </Button>
        )}
        {phase === 'recording' && (
          <Button danger style={buttonStyle} disabled={disabled} onClick={stopRecording}>
            {t('face.stopRecording')}
          </Button>
        )}
        {showRetry && (
          <Button style={buttonStyle} disabled={disabled} onClick={retry}>
            {t('face.retry')}
          </Button>
        )}
      </div>
      {fieldErrors.length > 0 && (
        <div id={`${id}__error`} className="ant-form-item-explain-error" style={{ marginTop: 4, color: '#cf1322' }}>
          {fieldErrors.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </div>
      )}
    </section>
  );
}
