/**
 * The form store's part of the studio's toolbar (issue 18): "Publish" (a confirmation showing what changes against
 * the version served now; the server's diagnostics when it refuses) and "History" (versions, differences,
 * rollback). The studio saves the draft first, so the draft published is the draft cleared.
 */
import { Alert, Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import type { Diagnostic, StoreBackend } from './backend.js';
import { DiffView } from './DiffView.js';
import { History } from './History.js';
import { useStudioT } from './i18n.js';

export interface StoreToolbarProps {
  backend: StoreBackend;
  /** The form open in the editor (`<id>.form.json`). */
  path: string | undefined;
  /** The editor's text now. */
  text: string;
  /** Saves the text as the draft when it differs from the draft; false when that failed (the studio says why). */
  saveFirst(): Promise<boolean>;
  /** After a publish: the studio marks the text saved (the draft is gone) and shows `message`. */
  onPublished(version: number, message: string): void;
  /** After a rollback: the studio reopens the form (the store serves another definition now). */
  onRolledBack(message: string): void;
}

type Comparison =
  | { state: 'loading' }
  | { state: 'ready'; served?: { version: number; definition: unknown }; next: unknown }
  | { state: 'failed'; message: string; diagnostics: Diagnostic[] };

export function StoreToolbar({ backend, path, text, saveFirst, onPublished, onRolledBack }: StoreToolbarProps) {
  const t = useStudioT();
  const [dialog, setDialog] = useState<'publish' | 'history' | undefined>(undefined);
  const publisher = backend.role === 'publisher';
  return (
    <>
      {publisher ? (
        <Button onClick={() => setDialog('publish')} disabled={!path}>
          {t('publish.action')}
        </Button>
      ) : null}
      <Button onClick={() => setDialog('history')} disabled={!path}>
        {t('history.action')}
      </Button>
      {publisher ? null : <span className="antrag-studio-note">{t('draft.viewerOnly')}</span>}
      {path && dialog === 'publish' ? (
        <PublishDialog
          backend={backend}
          path={path}
          text={text}
          saveFirst={saveFirst}
          onClose={() => setDialog(undefined)}
          onPublished={(version, message) => {
            setDialog(undefined);
            onPublished(version, message);
          }}
        />
      ) : null}
      {path ? (
        <History
          open={dialog === 'history'}
          backend={backend}
          path={path}
          onClose={() => setDialog(undefined)}
          onRolledBack={onRolledBack}
        />
      ) : null}
    </>
  );
}

function PublishDialog({
  backend,
  path,
  text,
  saveFirst,
  onClose,
  onPublished,
}: Omit<StoreToolbarProps, 'onRolledBack' | 'path'> & { path: string; onClose(): void }) {
  const t = useStudioT();
  const id = backend.formIdOf(path);
  const [comparison, setComparison] = useState<Comparison>({ state: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    let next: unknown;
    try {
      next = JSON.parse(text);
    } catch (e) {
      setComparison({
        state: 'failed',
        message: t('publish.notJson', { message: (e as Error).message }),
        diagnostics: [],
      });
      return;
    }
    backend.served(path).then(
      (served) => current && setComparison({ state: 'ready', served, next }),
      (e: Error) => current && setComparison({ state: 'failed', message: e.message, diagnostics: [] }),
    );
    return () => {
      current = false;
    };
  }, [backend, path, text, t]);

  const publish = async () => {
    setBusy(true);
    try {
      if (!(await saveFirst())) return;
      const outcome = await backend.publish(path, text);
      if (outcome.ok) {
        const key = outcome.unchanged ? 'publish.unchanged' : 'publish.done';
        onPublished(outcome.version, t(key, { id, version: outcome.version }));
      } else {
        setComparison({
          state: 'failed',
          message: t('publish.refused', { message: outcome.message }),
          diagnostics: outcome.diagnostics,
        });
      }
    } catch (e) {
      setComparison({
        state: 'failed',
        message: t('publish.failed', { message: (e as Error).message }),
        diagnostics: [],
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('publish.title', { id })}
      onCancel={onClose}
      width={960}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('action.cancel')}
        </Button>,
        <Button
          key="publish"
          type="primary"
          loading={busy}
          disabled={comparison.state !== 'ready'}
          onClick={() => void publish()}
        >
          {t('publish.confirm')}
        </Button>,
      ]}
    >
      {comparison.state === 'loading' ? <p role="status">{t('publish.loading')}</p> : null}
      {comparison.state === 'failed' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={comparison.message}
          description={
            comparison.diagnostics.length ? (
              <ul className="antrag-studio-plain-list" data-testid="studio-publish-problems">
                {comparison.diagnostics.map((d) => (
                  <li key={`${d.pointer} ${d.message}`}>
                    {d.pointer || '/'} {d.message}
                  </li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
      {comparison.state === 'ready' ? (
        <>
          <p>
            {comparison.served ? t('publish.intro', { version: comparison.served.version }) : t('publish.introFirst')}
          </p>
          {comparison.served ? <DiffView before={comparison.served.definition} after={comparison.next} /> : null}
        </>
      ) : null}
    </Modal>
  );
}
