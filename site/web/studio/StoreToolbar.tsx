/**
 * The form store's part of the studio's toolbar (issue 18): "Publish" (a confirmation showing what changes against
 * the version served now; the server's diagnostics when it refuses) and "History" (versions, differences,
 * rollback). The studio saves the draft first, so the draft published is the draft cleared.
 */
import { Alert, Button, Modal } from 'antd';
import { useEffect, useId, useState } from 'react';
import type { Diagnostic, StoreBackend } from './backend.js';
import { DiffView } from './DiffView.js';
import { sameForm } from './formDiff.js';
import { History } from './History.js';
import { useStudioT } from './i18n.js';
import { PublishProblems } from './PublishProblems.js';

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
  /** The errors the studio's own check finds in `text` now; said above the difference (publishing stays possible). */
  problems?: number;
  /**
   * "Show" on a problem the server refused the publish for: the dialog closes and the studio shows the place
   * `pointer` names (the builder's step and field). Without it the problems have no such button.
   */
  onShowProblem?(pointer: string): void;
}

type Comparison =
  | { state: 'loading' }
  | { state: 'ready'; served?: { version: number; definition: unknown }; next: unknown }
  | { state: 'failed'; message: string }
  /** The server refused the definition: its diagnostics, said by PublishProblems. */
  | { state: 'refused'; diagnostics: Diagnostic[] };

export function StoreToolbar({
  backend,
  path,
  text,
  saveFirst,
  onPublished,
  onRolledBack,
  problems,
  onShowProblem,
}: StoreToolbarProps) {
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
          problems={problems}
          onShowProblem={
            onShowProblem &&
            ((pointer) => {
              setDialog(undefined);
              onShowProblem(pointer);
            })
          }
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
  problems,
  onShowProblem,
  onClose,
  onPublished,
}: Omit<StoreToolbarProps, 'onRolledBack' | 'path'> & { path: string; onClose(): void }) {
  const t = useStudioT();
  const reasonId = useId();
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
      });
      return;
    }
    backend.served(path).then(
      (served) => current && setComparison({ state: 'ready', served, next }),
      (e: Error) => current && setComparison({ state: 'failed', message: e.message }),
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
      } else if (outcome.diagnostics.length) {
        setComparison({ state: 'refused', diagnostics: outcome.diagnostics });
      } else {
        setComparison({
          state: 'failed',
          message: t('publish.refused', { message: outcome.message }),
        });
      }
    } catch (e) {
      setComparison({
        state: 'failed',
        message: t('publish.failed', { message: (e as Error).message }),
      });
    } finally {
      setBusy(false);
    }
  };

  // the version served holds this form already: publishing it again would make no version
  const unchanged =
    comparison.state === 'ready' &&
    comparison.served !== undefined &&
    sameForm(comparison.served.definition, comparison.next);

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
          disabled={comparison.state !== 'ready' || unchanged}
          aria-describedby={unchanged ? reasonId : undefined}
          onClick={() => void publish()}
        >
          {t('publish.confirm')}
        </Button>,
      ]}
    >
      {comparison.state === 'loading' ? <p role="status">{t('publish.loading')}</p> : null}
      {problems ? <Alert type="warning" showIcon title={t.count('publish.localProblems', problems)} /> : null}
      {comparison.state === 'refused' ? (
        <PublishProblems text={text} diagnostics={comparison.diagnostics} onShow={onShowProblem} />
      ) : null}
      {comparison.state === 'failed' ? <Alert type="error" showIcon role="alert" title={comparison.message} /> : null}
      {comparison.state === 'ready' ? (
        <>
          <p>
            {comparison.served ? t('publish.intro', { version: comparison.served.version }) : t('publish.introFirst')}
          </p>
          {unchanged && comparison.served ? (
            <p id={reasonId} className="antrag-studio-note">
              {t('publish.nothing', { version: comparison.served.version })}
            </p>
          ) : null}
          {comparison.served ? <DiffView before={comparison.served.definition} after={comparison.next} /> : null}
        </>
      ) : null}
    </Modal>
  );
}
