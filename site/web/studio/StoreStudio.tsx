/**
 * The studio over the form store (issue 18), for a signed-in staff member: lists the store's forms and drafts,
 * then the same `Studio` as over a folder, with the store's backend and the member in the header. Around it what
 * only the store has: a session that ends (any 401 of the staff API) said with a way to sign in again, "Sign out"
 * asking first while typed text is unsaved, and a viewer told that nothing they try here can be saved.
 */
import { Loading } from '@antrag/react/engine/Loading';
import { Alert, Button, Modal } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { StoreBackend, type StudioListing } from './backend.js';
import { BufferStore, browserStorage } from './buffers.js';
import { useStudioT } from './i18n.js';
import { Studio, type StudioAccount } from './Studio.js';
import { onSessionEnded, type StaffRole } from './staffApi.js';

interface StoreStudioProps {
  role: StaffRole;
  account: StudioAccount;
  /** "Sign in" after the session ended: the page again, which shows the sign-in (the studio offers the kept text back after it). */
  onSignInAgain?(): void;
}

export function StoreStudio({ role, account, onSignInAgain = () => window.location.reload() }: StoreStudioProps) {
  const t = useStudioT();
  const backend = useMemo(() => new StoreBackend(t, role), [t, role]);
  // what is typed is kept per server and staff member, apart from any folder's
  const store = useMemo(
    () => new BufferStore(browserStorage(), `store:${window.location.host}:${account.email}`),
    [account.email],
  );
  const [listing, setListing] = useState<StudioListing | Error | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const [ended, setEnded] = useState(false);
  const [askSignOut, setAskSignOut] = useState(false);

  useEffect(() => onSessionEnded(() => setEnded(true)), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again
  useEffect(() => {
    let current = true;
    setListing(undefined);
    backend.list().then(
      (l) => current && setListing(l),
      (e: Error) => current && setListing(e),
    );
    return () => {
      current = false;
    };
  }, [backend, attempt]);

  // a kept buffer is text not saved yet (buffers.ts): it survives the sign-out, but the staffer should know
  const guarded = useMemo<StudioAccount>(
    () => ({
      ...account,
      onSignOut: () => (store.paths().length ? setAskSignOut(true) : account.onSignOut()),
    }),
    [account, store],
  );

  const sessionEnded = ended ? (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t('session.ended')}
      action={
        <Button type="primary" onClick={onSignInAgain}>
          {t('session.signIn')}
        </Button>
      }
    />
  ) : null;

  if (listing === undefined) {
    return (
      <div className="antrag-studio-centered">
        <Loading size="large" label={t('studio.loading')} />
      </div>
    );
  }
  if (listing instanceof Error) {
    return (
      <div className="antrag-studio-centered">
        {sessionEnded ?? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('folder.failed', { message: listing.message })}
            action={<Button onClick={() => setAttempt((n) => n + 1)}>{t('action.retry')}</Button>}
          />
        )}
      </div>
    );
  }
  return (
    <>
      {sessionEnded || role === 'viewer' ? (
        <div className="antrag-studio-notices">
          {sessionEnded}
          {role === 'viewer' ? <Alert type="info" showIcon title={t('viewer.banner')} /> : null}
        </div>
      ) : null}
      <Studio info={listing} store={store} backend={backend} account={guarded} />
      <Modal
        open={askSignOut}
        title={t('signOut.title')}
        onCancel={() => setAskSignOut(false)}
        destroyOnHidden
        footer={[
          <Button key="stay" onClick={() => setAskSignOut(false)}>
            {t('signOut.stay')}
          </Button>,
          <Button
            key="out"
            type="primary"
            onClick={() => {
              setAskSignOut(false);
              account.onSignOut();
            }}
          >
            {t('signOut.confirm')}
          </Button>,
        ]}
      >
        <p>{t('signOut.unsaved')}</p>
      </Modal>
    </>
  );
}
