/**
 * The history of a form in the store: every version with who published it and when, a readable difference
 * between any two (`DiffView`), and for publishers "Roll back to this version" (after a confirmation).
 */
import { Alert, Button, Modal, Select } from 'antd';
import { useEffect, useId, useState } from 'react';
import type { FormVersion, StoreBackend } from './backend.js';
import { DiffView } from './DiffView.js';
import { useStudioT } from './i18n.js';

interface HistoryProps {
  open: boolean;
  backend: StoreBackend;
  path: string;
  onClose(): void;
  /** After a rollback: the version created (the form serves it now). */
  onRolledBack(message: string): void;
}

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; versions: FormVersion[] };

export function History({ open, backend, path, onClose, onRolledBack }: HistoryProps) {
  const t = useStudioT();
  const id = backend.formIdOf(path);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [pair, setPair] = useState<{ from?: number; to?: number }>({});

  useEffect(() => {
    if (!open) return;
    let current = true;
    setLoaded({ state: 'loading' });
    backend.versions(path).then(
      (versions) => {
        if (!current) return;
        setLoaded({ state: 'ready', versions });
        // the version served now against the one before it
        setPair({ from: versions[1]?.version, to: versions[0]?.version });
      },
      (e: Error) => current && setLoaded({ state: 'failed', message: e.message }),
    );
    return () => {
      current = false;
    };
  }, [open, backend, path]);

  return (
    <Modal
      open={open}
      title={t('history.title', { id })}
      onCancel={onClose}
      width={960}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('history.close')}
        </Button>,
      ]}
    >
      {loaded.state === 'loading' ? <p role="status">{t('history.loading')}</p> : null}
      {loaded.state === 'failed' ? (
        <Alert type="error" showIcon role="alert" title={t('history.failed', { message: loaded.message })} />
      ) : null}
      {loaded.state === 'ready' && loaded.versions.length === 0 ? <p>{t('history.none', { id })}</p> : null}
      {loaded.state === 'ready' && loaded.versions.length > 0 ? (
        <>
          <VersionList
            backend={backend}
            path={path}
            versions={loaded.versions}
            onRolledBack={(message) => {
              onRolledBack(message);
              onClose();
            }}
          />
          <Comparison backend={backend} path={path} versions={loaded.versions} pair={pair} onPair={setPair} />
        </>
      ) : null}
    </Modal>
  );
}

function VersionList({
  backend,
  path,
  versions,
  onRolledBack,
}: {
  backend: StoreBackend;
  path: string;
  versions: FormVersion[];
  onRolledBack(message: string): void;
}) {
  const t = useStudioT();
  const id = backend.formIdOf(path);
  const [confirm, setConfirm] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const when = (iso: string) => new Date(iso).toLocaleString(t.locale);

  const rollBack = async (version: number) => {
    setBusy(true);
    setError(undefined);
    try {
      const created = await backend.rollback(path, version);
      setConfirm(undefined);
      onRolledBack(t('history.rolledBack', { id, version, created: created.version }));
    } catch (e) {
      setError(t('history.rollbackFailed', { message: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-label={t('history.versions')}>
      <h3>{t('history.versions')}</h3>
      <ol className="antrag-studio-plain-list antrag-studio-versions" data-testid="studio-versions">
        {versions.map((v) => (
          <li key={v.version}>
            <strong>{t('history.version', { version: v.version })}</strong>{' '}
            {t('history.by', { who: v.publishedBy.replace(/^staff:/, ''), when: when(v.publishedAt) })}
            {v.rollbackOf ? ` · ${t('history.rollbackOf', { version: v.rollbackOf })}` : ''}
            {v.current ? ` · ${t('history.current')}` : ''}
            {v.withdrawnAt ? ` · ${t('history.withdrawn')}` : ''}
            {!v.current && backend.role === 'publisher' ? (
              <>
                {' '}
                <Button size="small" onClick={() => setConfirm(v.version)}>
                  {t('history.rollback')}
                </Button>
              </>
            ) : null}
          </li>
        ))}
      </ol>
      <Modal
        open={confirm !== undefined}
        title={t('history.rollbackTitle', { id, version: confirm ?? 0 })}
        onCancel={() => setConfirm(undefined)}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => setConfirm(undefined)}>
            {t('action.cancel')}
          </Button>,
          <Button
            key="go"
            type="primary"
            danger
            loading={busy}
            onClick={() => confirm !== undefined && void rollBack(confirm)}
          >
            {t('history.rollbackConfirm')}
          </Button>,
        ]}
      >
        <p>{t('history.rollbackText', { version: confirm ?? 0 })}</p>
        {error ? <Alert type="error" showIcon role="alert" title={error} /> : null}
      </Modal>
    </section>
  );
}

function Comparison({
  backend,
  path,
  versions,
  pair,
  onPair,
}: {
  backend: StoreBackend;
  path: string;
  versions: FormVersion[];
  pair: { from?: number; to?: number };
  onPair(pair: { from?: number; to?: number }): void;
}) {
  const t = useStudioT();
  const fieldId = useId();
  const [definitions, setDefinitions] = useState<{ key: string; before: unknown; after: unknown } | undefined>();
  const [error, setError] = useState<string | undefined>(undefined);
  const key = `${pair.from}:${pair.to}`;

  useEffect(() => {
    let current = true;
    setError(undefined);
    const read = (v: number | undefined) =>
      v === undefined ? Promise.resolve(undefined) : backend.definition(path, v);
    Promise.all([read(pair.from), read(pair.to)]).then(
      ([before, after]) => current && setDefinitions({ key: `${pair.from}:${pair.to}`, before, after }),
      (e: Error) => current && setError(t('history.failed', { message: e.message })),
    );
    return () => {
      current = false;
    };
  }, [backend, path, pair.from, pair.to, t]);

  const options = versions.map((v) => ({ value: v.version, label: t('history.version', { version: v.version }) }));
  return (
    <section className="antrag-studio-compare">
      <div className="antrag-studio-actions">
        <label htmlFor={`${fieldId}-from`}>{t('history.from')}</label>
        <Select
          id={`${fieldId}-from`}
          aria-label={t('history.from')}
          value={pair.from}
          options={options}
          style={{ minWidth: 140 }}
          onChange={(from: number) => onPair({ ...pair, from })}
        />
        <label htmlFor={`${fieldId}-to`}>{t('history.to')}</label>
        <Select
          id={`${fieldId}-to`}
          aria-label={t('history.to')}
          value={pair.to}
          options={options}
          style={{ minWidth: 140 }}
          onChange={(to: number) => onPair({ ...pair, to })}
        />
      </div>
      {error ? <Alert type="error" showIcon role="alert" title={error} /> : null}
      {definitions && definitions.key === key ? (
        <DiffView before={definitions.before} after={definitions.after} />
      ) : null}
    </section>
  );
}
