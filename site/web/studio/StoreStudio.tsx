/**
 * The studio over the form store (issue 18), for a signed-in staff member: lists the store's forms and drafts,
 * then the same `Studio` as over a folder, with the store's backend and the member in the header.
 */
import { Loading } from '@antrag/react/engine/Loading';
import { Alert, Button } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { StoreBackend, type StudioListing } from './backend.js';
import { BufferStore, browserStorage } from './buffers.js';
import { useStudioT } from './i18n.js';
import { Studio, type StudioAccount } from './Studio.js';
import type { StaffRole } from './staffApi.js';

export function StoreStudio({ role, account }: { role: StaffRole; account: StudioAccount }) {
  const t = useStudioT();
  const backend = useMemo(() => new StoreBackend(t, role), [t, role]);
  // what is typed is kept per server and staff member, apart from any folder's
  const store = useMemo(
    () => new BufferStore(browserStorage(), `store:${window.location.host}:${account.email}`),
    [account.email],
  );
  const [listing, setListing] = useState<StudioListing | Error | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);

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
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('folder.failed', { message: listing.message })}
          action={<Button onClick={() => setAttempt((n) => n + 1)}>{t('action.retry')}</Button>}
        />
      </div>
    );
  }
  return <Studio info={listing} store={store} backend={backend} account={account} />;
}
