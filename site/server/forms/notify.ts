/**
 * Tells every instance on one PostgreSQL database of a publish within moments: the store's transaction sends
 * `pg_notify` on the schema's channel as it changes a form's version (forms/store.ts), and each instance LISTENs
 * on a connection of its own and loads the version it names. PostgreSQL delivers the notice at commit, so the new
 * version is readable when it arrives. A lost connection is opened again, and everything is loaded again then
 * (notices sent meanwhile are gone); a slow poll catches anything else. PGlite serves one instance: nothing to tell.
 */
import pg from 'pg';

export interface PublishListener {
  close(): Promise<void>;
}

export interface ListenOptions {
  databaseUrl: string;
  /** A form's current version changed (`id`), or, after a reconnect or on the poll, possibly any (`undefined`). */
  onChange(id: string | undefined): Promise<void>;
  /** How often everything is compared with the database anyway, ms (default 30 s). */
  pollMs?: number;
  log: { warn(obj: object, msg: string): void };
}

const RECONNECT_MS = [500, 1000, 2000, 5000, 10_000, 30_000];

/** The channel of the connection's schema: `antrag_forms_` and the md5 of the schema's name (store.ts sends on it). */
const CHANNEL_QUERY = `select 'antrag_forms_' || md5(current_schema()) as channel`;

export async function listenForPublishes(options: ListenOptions): Promise<PublishListener> {
  let client: pg.Client | undefined;
  let closed = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const changed = (id: string | undefined) =>
    options
      .onChange(id)
      .catch((error: Error) => options.log.warn({ err: { message: error.message } }, 'form reload failed'));

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 10_000 });
    next.on('notification', (message) => {
      let id: string | undefined;
      try {
        id = String((JSON.parse(message.payload ?? '{}') as { id?: unknown }).id ?? '');
      } catch {
        id = undefined;
      }
      void changed(id || undefined);
    });
    const lost = (error?: Error) => {
      if (closed || client !== next) return;
      client = undefined;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      options.log.warn({ err: { message: error?.message ?? 'connection ended' } }, 'form notices: connection lost');
      schedule();
    };
    next.on('error', lost);
    next.on('end', () => lost());
    await next.connect();
    const { rows } = await next.query<{ channel: string }>(CHANNEL_QUERY);
    await next.query(`listen "${rows[0].channel.replace(/"/g, '""')}"`);
    client = next;
  };

  const schedule = () => {
    if (closed) return;
    const delay = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)];
    attempt++;
    retry = setTimeout(() => {
      connect()
        .then(() => {
          attempt = 0;
          // notices sent while the connection was down are lost: compare everything
          return changed(undefined);
        })
        .catch((error: Error) => {
          options.log.warn({ err: { message: error.message } }, 'form notices: cannot listen');
          schedule();
        });
    }, delay);
    retry.unref();
  };

  await connect();
  const poll = setInterval(() => void changed(undefined), options.pollMs ?? 30_000);
  poll.unref();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(poll);
      await client?.end().catch(() => undefined);
    },
  };
}
