/**
 * "Export to CMS": a form imported from the content service (booking v1, v2, review) back in its CMS shape, with
 * what that shape cannot hold listed first. The conversion is `@antrag/core/export`; this only shows it.
 */
import type { FormDefinition } from '@antrag/core/dsl/types';
import { type CmsExport, exportCms } from '@antrag/core/export';
import { Alert, Button, Modal } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useStudioT } from './i18n.js';

/** Names the download `<form id>.cms.json`, as the repository names CMS documents. */
function download(text: string, id: string): void {
  const link = document.createElement('a');
  // a data address needs no object URL to revoke later
  link.href = `data:application/json;charset=utf-8,${encodeURIComponent(text)}`;
  link.download = `${id || 'form'}.cms.json`;
  link.click();
}

function ExportDialog({ definition, onClose }: { definition: FormDefinition; onClose(): void }) {
  const t = useStudioT();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const result: CmsExport = useMemo(() => exportCms(definition), [definition]);
  const text = result.document === undefined ? undefined : `${JSON.stringify(result.document, null, 2)}\n`;

  return (
    <Modal
      open
      title={t('exportCms.title', { kind: result.kind ?? '' })}
      onCancel={onClose}
      width={760}
      footer={[
        <Button
          key="copy"
          disabled={text === undefined}
          onClick={() => {
            if (text === undefined) return;
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? t('exportCms.copied') : t('exportCms.copy')}
        </Button>,
        <Button
          key="download"
          type="primary"
          disabled={text === undefined}
          onClick={() => text !== undefined && download(text, definition.id)}
        >
          {t('exportCms.download')}
        </Button>,
        <Button key="close" onClick={onClose}>
          {t('exportCms.close')}
        </Button>,
      ]}
    >
      {text === undefined && <Alert type="error" showIcon message={t('exportCms.failed')} />}
      <section aria-labelledby={`${id}-problems`}>
        <h3 id={`${id}-problems`}>{t('exportCms.problems')}</h3>
        {result.diagnostics.length === 0 ? (
          <p>{t('exportCms.noProblems')}</p>
        ) : (
          <ul>
            {result.diagnostics.map((d) => (
              <li key={`${d.code} ${d.pointer} ${d.message}`}>
                <strong>{d.severity === 'error' ? t('exportCms.error') : t('exportCms.warning')}</strong> {d.message}
              </li>
            ))}
          </ul>
        )}
      </section>
      {text !== undefined && (
        <section aria-label={t('exportCms.document')}>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must be reachable by keyboard */}
          <pre tabIndex={0} className="antrag-studio-mono">
            {text}
          </pre>
        </section>
      )}
    </Modal>
  );
}

/**
 * The toolbar's button, for a form imported from a CMS definition only: other forms have no CMS shape to go back to,
 * and a disabled button with its reason beside it crowded the toolbar of every other form.
 */
export function ExportCmsButton({ definition }: { definition: FormDefinition | undefined }) {
  const t = useStudioT();
  const [open, setOpen] = useState(false);
  if (definition?.source?.kind === undefined) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('exportCms.button')}</Button>
      {open && <ExportDialog definition={definition} onClose={() => setOpen(false)} />}
    </>
  );
}
