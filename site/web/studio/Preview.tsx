/**
 * The live preview's side in the studio: the settings (step, width, language, clear data), the frame running the
 * engine (`PreviewFrame`), and the data the form holds now. The frame keeps its step and data across edits: every
 * new version of the form is rendered at the step and with the data the author had.
 */

import type { CompiledForm } from '@antrag/core/compile/types';
import { LOCALES, type Locale } from '@antrag/core/dsl/types';
import { Alert, Button, Radio, Select } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LANGUAGE_NAMES, useStudioT } from './i18n.js';
import { type FormData, isPreviewMessage, PREVIEW_CHANNEL, type RenderMessage } from './previewProtocol.js';

export interface PreviewState {
  step: number;
  data: FormData;
}

interface PreviewProps {
  /** The last version of the form that compiled without errors. */
  form: CompiledForm | undefined;
  /** Whether the text in the editor has errors (the preview then shows `form`, an older version). */
  stale: boolean;
  state: PreviewState;
  onState(state: PreviewState): void;
  /** Text of a form's own label (`form.texts`), in the preview's language. */
  textOf(form: CompiledForm, key: string, locale: Locale): string;
}

const MOBILE_WIDTH = 375;
/** The smallest a desktop preview is drawn: below it the form's text (14 px) gets too small to read. */
const MIN_SCALE = 0.75;
/** The preview's height on the page, whatever its scale. */
const VISIBLE_HEIGHT = 720;

export function Preview({ form, stale, state, onState, textOf }: PreviewProps) {
  const t = useStudioT();
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [locale, setLocale] = useState<Locale>(t.locale);
  const [width, setWidth] = useState<'desktop' | 'mobile'>('desktop');
  // until the author picks a width: a pane too narrow for a readable desktop form starts at phone width
  const widthChosen = useRef(false);
  const [boxWidth, setBoxWidth] = useState(0);
  const [call, setCall] = useState<{ method: string; url: string } | undefined>(undefined);
  const latest = useRef({ form, state, locale });
  latest.current = { form, state, locale };

  const send = useCallback((next: { step?: number; data?: FormData; locale?: Locale } = {}) => {
    const target = frame.current?.contentWindow;
    const { form: f, state: s, locale: l } = latest.current;
    if (!target || !f) return;
    const step = Math.max(0, Math.min(f.steps.length - 1, next.step ?? s.step));
    const message: RenderMessage = {
      channel: PREVIEW_CHANNEL,
      type: 'render',
      form: f,
      locale: next.locale ?? l,
      step,
      data: next.data ?? s.data,
    };
    target.postMessage(message, window.location.origin);
  }, []);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if (!isPreviewMessage(event.data)) return;
      const message = event.data;
      if (message.type === 'ready') {
        setReady(true);
        send();
      } else if (message.type === 'state') onState({ step: message.step, data: message.data });
      else if (message.type === 'call') setCall({ method: message.method, url: message.url });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [send, onState]);

  // every new version of the form, at the author's step and with their data
  useEffect(() => {
    if (ready && form) send();
  }, [form, ready, send]);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setBoxWidth(element.clientWidth));
    observer.observe(element);
    setBoxWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);

  // desktop: the form's own breakpoint width (the smallest the engine lays out for desktop), scaled to fit
  const desktopWidth = form?.wizard.mobileBreakpoint ?? 1024;
  const frameWidth = width === 'mobile' ? MOBILE_WIDTH : desktopWidth;
  // never smaller than MIN_SCALE: a desktop form in a narrow pane scrolls sideways rather than become unreadable
  const scale = width === 'desktop' && boxWidth > 0 ? Math.max(MIN_SCALE, Math.min(1, boxWidth / desktopWidth)) : 1;
  useEffect(() => {
    if (!widthChosen.current && boxWidth > 0 && boxWidth < desktopWidth * MIN_SCALE) setWidth('mobile');
  }, [boxWidth, desktopWidth]);

  return (
    <div className="antrag-studio-preview">
      <fieldset className="antrag-studio-preview-controls">
        <legend className="antrag-studio-visually-hidden">{t('preview.controls')}</legend>
        <div className="antrag-studio-field">
          <span>{t('preview.step')}</span>
          <Select
            aria-label={t('preview.step')}
            value={Math.min(state.step, Math.max(0, (form?.steps.length ?? 1) - 1))}
            disabled={!form}
            style={{ minWidth: 180 }}
            onChange={(step: number) => {
              onState({ ...state, step });
              send({ step });
            }}
            options={(form?.steps ?? []).map((s, i) => ({
              value: i,
              label: t('preview.stepOption', { number: i + 1, title: form ? textOf(form, s.title, locale) : s.id }),
            }))}
          />
        </div>
        <div className="antrag-studio-field">
          <span id="antrag-studio-width">{t('preview.width')}</span>
          <Radio.Group
            aria-labelledby="antrag-studio-width"
            optionType="button"
            value={width}
            onChange={(e) => {
              widthChosen.current = true;
              setWidth(e.target.value as 'desktop' | 'mobile');
            }}
            options={[
              { value: 'desktop', label: t('preview.desktop') },
              { value: 'mobile', label: t('preview.mobile') },
            ]}
          />
        </div>
        <div className="antrag-studio-field">
          <span>{t('preview.language')}</span>
          <Select
            aria-label={t('preview.language')}
            value={locale}
            style={{ minWidth: 130 }}
            onChange={(next: Locale) => {
              setLocale(next);
              send({ locale: next });
            }}
            options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l], lang: l }))}
          />
        </div>
        <Button
          onClick={() => {
            onState({ step: 0, data: {} });
            send({ step: 0, data: {} });
          }}
          disabled={!form}
        >
          {t('preview.reset')}
        </Button>
      </fieldset>
      {stale && form ? <Alert type="warning" showIcon title={t('preview.stale')} /> : null}
      {!form ? <Alert type="info" showIcon title={t('preview.none')} /> : null}
      {call ? (
        <p className="antrag-studio-note" role="status">
          {t('preview.call', call)}
        </p>
      ) : null}
      <div ref={box} className="antrag-studio-preview-box" data-width={width}>
        <div
          className="antrag-studio-preview-scaler"
          style={{ width: Math.round(frameWidth * scale), height: VISIBLE_HEIGHT }}
        >
          <iframe
            ref={frame}
            title={t('preview.frame')}
            src={`/studio/preview?lang=${t.locale}`}
            style={{
              width: frameWidth,
              height: Math.round(VISIBLE_HEIGHT / scale),
              transform: `scale(${scale})`,
              transformOrigin: '0 0',
            }}
            hidden={!form}
          />
        </div>
      </div>
      <section className="antrag-studio-data" aria-labelledby="antrag-studio-data-title">
        <h3 id="antrag-studio-data-title">{t('preview.data')}</h3>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable by keyboard */}
        <pre tabIndex={0} data-testid="studio-form-data">
          {JSON.stringify(state.data, null, 2)}
        </pre>
      </section>
    </div>
  );
}
