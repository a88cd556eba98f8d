import { FilePdfOutlined } from '@ant-design/icons';
import type { FieldProps } from '@rjsf/utils';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { valueAt } from '../computed/format.js';
import { formContextOf, maybe, textOr, textsOf } from '../shared/texts.js';
import { consentTemplates, slotText } from './templates.js';

interface ConsentPdfOptions {
  template?: string;
  fileName?: string;
  /** Template slot → form field or computed value. */
  fills?: Record<string, string>;
}

type Status = { kind: 'idle' } | { kind: 'building' } | { kind: 'failed' } | { kind: 'done'; substituted: string[] };

/** Long enough for every browser to start reading the file before its URL is revoked. */
const REVOKE_AFTER_MS = 1000;

/** Offers bytes as a file download through a temporary Blob URL. */
function saveFile(bytes: Uint8Array, fileName: string): void {
  const url = URL.createObjectURL(new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * A button that makes a filled-in letter (e.g. the parental consent) as a PDF and downloads it. The PDF code
 * and fonts load only when the button is pressed; the values come from the runner's `formContext.formData`
 * (fields and computed values) as `fills` says. Holds no data of its own.
 */
export function ConsentPdfField(props: FieldProps) {
  const { uiSchema, registry, fieldPathId, disabled } = props;
  const {
    template = '',
    fileName = 'document.pdf',
    fills = {},
  } = (uiSchema?.['ui:options'] ?? {}) as ConsentPdfOptions;
  const { t } = textsOf(registry);
  const data = formContextOf(registry).formData;
  const id = fieldPathId.$id;
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const values: Record<string, string> = {};
  for (const [slot, source] of Object.entries(fills)) values[slot] = slotText(valueAt(data, source));
  const info = consentTemplates[template];
  const missing = (info?.requiredSlots ?? []).filter((slot) => !values[slot]);
  const blocked = missing.length > 0;
  const building = status.kind === 'building';

  async function download() {
    if (building) return;
    setStatus({ kind: 'building' });
    try {
      const { createConsentLetter } = await import('./createLetter.js');
      const letter = await createConsentLetter(template, values);
      saveFile(letter.bytes, fileName);
      if (mounted.current) setStatus({ kind: 'done', substituted: letter.substituted });
    } catch {
      if (mounted.current) setStatus({ kind: 'failed' });
    }
  }

  const label = maybe(t, uiSchema?.['ui:title']) ?? textOr(t, 'consentPdf.download', 'Download');
  const hintId = `${id}__hint`;
  const statusId = `${id}__status`;
  const describedBy = [blocked ? hintId : undefined, statusId].filter(Boolean).join(' ');
  return (
    <div>
      <Button
        id={id}
        icon={<FilePdfOutlined />}
        loading={building}
        disabled={disabled || blocked}
        aria-describedby={describedBy}
        aria-busy={building}
        onClick={download}
      >
        {label}
      </Button>{' '}
      <span className="ant-form-item-extra" style={{ display: 'inline' }}>
        {fileName}
      </span>
      {blocked && info && (
        <div id={hintId} className="ant-form-item-extra">
          {textOr(
            t,
            info.missingHint,
            "Please fill in the guardian's name and passport or ID number to download the consent letter.",
          )}
        </div>
      )}
      <div id={statusId} role="status" aria-live="polite">
        {building && (
          <span className="ant-form-item-extra">{textOr(t, 'consentPdf.preparing', 'Preparing the letter…')}</span>
        )}
        {status.kind === 'done' && status.substituted.length > 0 && (
          <span className="ant-form-item-extra">
            {textOr(
              t,
              'consentPdf.substituted',
              'Some characters could not be printed in the letter ({{chars}}). Please correct them by hand before signing.',
              { chars: status.substituted.join(' ') },
            )}
          </span>
        )}
      </div>
      {status.kind === 'failed' && (
        <div role="alert" className="ant-form-item-explain-error">
          {textOr(t, 'consentPdf.failed', 'The letter could not be created. Please try again.')}
        </div>
      )}
    </div>
  );
}
