/**
 * `npm start`: the whole product on one machine. Reads the configuration from the environment,
 * opens the database (embedded PGlite unless DATABASE_URL is set), compiles the forms, and serves
 * the API on PORT until SIGTERM / SIGINT, finishing the requests in flight before it exits.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { contentSettings, createFormDocumentSource } from './content/index.js';
import { openDatabase } from './db/index.js';
import { closeOcr, configureOcr } from './documents/ocr.js';
import { createFileStore, type FileSweeper, registerUploadRoutes, startFileSweeper } from './files/index.js';
import { CmsFormSync } from './forms/cmsSync.js';
import { listenForPublishes, type PublishListener } from './forms/notify.js';
import { PublishWorker } from './forms/publishWorker.js';
import { FormRegistry, shippedDocuments } from './forms/registry.js';
import { FormStore } from './forms/store.js';
import { forgetOldKeys } from './idempotency.js';
import { createMailTransport } from './otp/mail.js';
import { preloadPlaces } from './places/index.js';
import { contentChangedRoute } from './routes/contentChanged.js';
import { forgetExpiredKycKeys } from './routes/leadAccess.js';
import { registerServiceRoutes } from './routes/services.js';
import { forgetExpiredSessions } from './staff/accounts.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A secret generated once per data folder, so tokens and upload policies survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR ?? '.antrag-data';
  const config = loadConfig(process.env, () => persistedSecret(dataDir));
  const database = await openDatabase(config);
  // the passport reader's limits (OCR_MAX_PIXELS, OCR_WORKERS, OCR_QUEUE, OCR_TIMEOUT_MS, OCR_RECYCLE_PIXELS)
  await configureOcr(config.ocr);
  const ctx = { config, db: database.db, files: createFileStore(config), mail: createMailTransport(config) };
  // the forms: every form's current version from the store, after the files of schemas/ (DSL forms and CMS
  // definitions, each in every declared variant) were stored as new versions where they changed
  const registry = new FormRegistry();
  let listener: PublishListener | undefined;
  // every publish (staff, the CMS, the shipped files) is checked and compiled in a worker thread, one at a time,
  // within FORM_PUBLISH_TIMEOUT_MS and FORM_PUBLISH_MEMORY_MB (forms/publishWorker.ts)
  const publisher = new PublishWorker(config.forms.publish);
  const store = new FormStore(database.db, registry, {
    prepare: publisher.prepare,
    graceDays: config.forms.graceDays,
    log: { warn: (o, m) => console.warn(m, JSON.stringify(o)), info: () => undefined },
  });
  registry.problems.push(...(await store.syncShipped(shippedDocuments(ROOT), (file) => relative(ROOT, file))));
  await store.refresh();
  // with CONTENT_SOURCE=graphql the CMS's bookings and review forms too (forms/cmsSync.ts); CONTENT_* errors stop here
  const content = contentSettings(process.env);
  const formDocuments = createFormDocumentSource(content);
  const cms = formDocuments ? new CmsFormSync(store, formDocuments) : undefined;
  const hook = cms && { sync: cms, secret: content.forms?.webhookSecret };
  const app = await buildApp(ctx, registry, {
    store,
    modules: [registerUploadRoutes, registerServiceRoutes, contentChangedRoute(hook)],
    // the built web app (`npm run build:web`); WEB_ROOT points elsewhere (the browser tests build their own)
    webRoot: process.env.WEB_ROOT ? resolve(process.env.WEB_ROOT) : join(ROOT, 'dist/site'),
    // the studio's bundle, for signed-in staff at /studio (`npm run build` makes it; STUDIO_ROOT points elsewhere)
    studioRoot: process.env.STUDIO_ROOT ? resolve(process.env.STUDIO_ROOT) : join(ROOT, 'dist/studio'),
  });
  for (const problem of registry.problems) app.log.warn({ problem }, 'form not loaded');
  if (cms) {
    cms.log = app.log;
    // after the shipped files: a CMS that is down or broken only leaves the stored versions in service
    await cms.sync();
  }
  // other instances on the same PostgreSQL database announce their publishes (forms/notify.ts)
  if (config.databaseUrl) {
    listener = await listenForPublishes({
      databaseUrl: config.databaseUrl,
      onChange: (id) => store.refresh(id),
      log: app.log,
    });
  }

  /** Orphan files are looked for hourly (more often when the limit is shorter than four hours). */
  let sweeper: FileSweeper | undefined;
  let housekeeping: ReturnType<typeof setInterval> | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    try {
      clearInterval(housekeeping);
      await cms?.stop();
      await sweeper?.stop();
      await listener?.close();
      await app.close();
      await publisher.close();
      await closeOcr();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // the place index takes a moment to build: do it before the first visitor types
  preloadPlaces();
  await app.listen({ port: config.port, host: config.host });
  if (config.storage.orphanHours > 0) {
    const maxAgeMs = config.storage.orphanHours * 3_600_000;
    sweeper = startFileSweeper(ctx, { maxAgeMs, intervalMs: Math.min(3_600_000, maxAgeMs / 4), log: app.log });
  }
  // forgotten hourly: idempotency keys after their day, KYC keys a week after they expired
  housekeeping = setInterval(() => {
    Promise.all([forgetOldKeys(database.db), forgetExpiredKycKeys(database.db), forgetExpiredSessions(database.db)])
      .then(([keys, links]) => {
        if (keys + links > 0) app.log.info({ idempotencyKeys: keys, kycKeys: links }, 'forgot expired keys');
      })
      .catch((error: Error) => app.log.warn({ err: { message: error.message } }, 'housekeeping failed'));
  }, 3_600_000);
  housekeeping.unref();
  // the CMS's webhook may be missed (down, misconfigured): read it every CONTENT_FORMS_POLL_SECONDS anyway
  cms?.startPolling((content.forms?.pollSeconds ?? 0) * 1000);
  app.log.info(
    { port: config.port, database: database.engine, forms: registry.forms.size, storage: config.storage.driver },
    'Antrag is serving',
  );
}

main().catch((error: Error) => {
  // the configuration names the variable at fault; nothing else about the environment is printed
  console.error(`antrag: cannot start: ${error.message}`);
  process.exit(1);
});
