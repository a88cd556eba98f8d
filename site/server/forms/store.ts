/**
 * The form store (issue 17): every published version of every form, in the database, and the version each form
 * serves. Publishing checks and compiles a definition once (forms/artifacts.ts) and stores what came out; every
 * instance then loads the stored artefacts into its registry, at start and when told of a publish (forms/notify.ts).
 * Versions are never changed once written: a rollback publishes the old definition again as a new version.
 */
import type { CmsKind } from '@antrag/core/import';
import { type Kysely, sql, type Transaction } from 'kysely';
import { LRUCache } from 'lru-cache';
import { jsonValue } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { audit } from '../staff/audit.js';
import {
  COMPILER_VERSION,
  compileArtifacts,
  contentHash,
  formIdOf,
  type PreparedVersion,
  prepareVersion,
  type RefusedVersion,
  type StoredArtifacts,
  tooDeepRefusal,
} from './artifacts.js';
import { FormRegistry, type ShippedDocument } from './registry.js';

/** Who publishes: a staff member (`staff:<email>`), the admin token, the CMS, or the product's own files. */
export type Origin = 'staff' | 'token' | 'cms' | 'shipped';
export interface Actor {
  origin: Origin;
  /** As the audit log and the version list name it. */
  name: string;
}

/** A version as the staff API lists it. */
export interface VersionSummary {
  version: number;
  kind: string;
  origin: string;
  publishedBy: string;
  publishedAt: string;
  contentHash: string;
  current: boolean;
  rollbackOf?: number;
  retiredAt?: string;
  /** When staff withdrew it: no longer served to drafts nor taking submissions. */
  withdrawnAt?: string;
}

/** One version loaded for serving: its variants and submissions, as a registry of that form alone. */
export interface LoadedVersion {
  id: string;
  version: number;
  registry: FormRegistry;
  artifacts: StoredArtifacts;
}

export type PublishResult =
  | { ok: true; id: string; version: number; unchanged?: boolean; warnings?: PreparedVersion['warnings'] }
  | RefusedVersion;

/** What `version()` finds: the version, or why it is not served. */
export type VersionLookup = LoadedVersion | 'retired' | undefined;

export interface FormStoreOptions {
  /** Days a replaced version still takes submissions and resumed drafts (FORM_VERSION_GRACE_DAYS, default 30). */
  graceDays: number;
  /** Called after this instance stored a new current version (forms/notify.ts tells the others). */
  onPublished?: (id: string, version: number) => void;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /**
   * Checks and compiles a definition (`prepareVersion`). The server gives the publish worker's
   * (forms/publishWorker.ts: another thread, one at a time, within a time and memory limit); without it the store
   * prepares on the calling thread.
   */
  prepare?: (definition: unknown, expectedId?: string) => Promise<PreparedVersion | RefusedVersion>;
}

/** The largest definition the store takes, in bytes of JSON (the staff API's body limit is the same). */
export const MAX_DEFINITION_BYTES = 4 * 1024 * 1024;

/** A problem with a form's source that kept a new version from being published (a broken CMS document). */
export interface FormProblem {
  at: string;
  /** Where the definition came from: `cms:<record id>`, a shipped file's path. */
  source: string;
  diagnostics: Array<{ pointer: string; message: string; severity: string }>;
}

export class FormStore {
  /**
   * The problems of each form's latest attempt from the CMS or the shipped files, by form id: cleared when a
   * version of that source is stored again (GET /api/admin/forms/{id}/problems).
   */
  readonly problems = new Map<string, FormProblem[]>();
  /** Called with every version loaded for serving (the form routes keep its stored validator modules). */
  onLoaded?: (loaded: LoadedVersion) => void;
  /** Versions other than the current ones, loaded on demand (resumed drafts, submissions of an older version). */
  private readonly older = new LRUCache<string, LoadedVersion>({ max: 64 });

  constructor(
    private readonly db: Kysely<Database>,
    /** The registry the routes serve: the current version of every form. */
    readonly registry: FormRegistry,
    private readonly options: FormStoreOptions,
  ) {}

  /** Checks and compiles a definition as a publish does (in the publish worker, when the server has one). */
  async prepare(definition: unknown, expectedId?: string): Promise<PreparedVersion | RefusedVersion> {
    // before the worker: handing it a value thousands of levels deep overflows the stack on this side
    const deep = tooDeepRefusal(definition);
    if (deep) return deep;
    if (this.options.prepare) return this.options.prepare(definition, expectedId);
    return prepareVersion(definition, expectedId);
  }

  /** Checks, compiles and stores a definition as the next version of form `id`, and serves it here at once. */
  async publish(id: string, definition: unknown, actor: Actor): Promise<PublishResult> {
    const prepared = await this.prepare(definition, id);
    if (!prepared.ok) return prepared;
    const warnings = prepared.warnings.length ? { warnings: prepared.warnings } : {};
    const outcome = await this.db.transaction().execute(async (trx) => {
      await lockForm(trx, id);
      // the content served now, published again (CI publishing on every commit): no new version
      const current = await currentOf(trx, id);
      if (current?.content_hash === prepared.hash) return { version: current.version, unchanged: true };
      const created = await this.insertVersion(trx, prepared, actor, { serve: true, locked: true });
      await audit(trx, actor.name, 'publish', id, created, { hash: prepared.hash, kind: prepared.kind });
      return { version: created, unchanged: false };
    });
    if (outcome.unchanged) return { ok: true, id, version: outcome.version, unchanged: true, ...warnings };
    await this.served(id, outcome.version);
    return { ok: true, id, version: outcome.version, ...warnings };
  }

  /**
   * Publishes a definition unless its content equals the newest version this origin published (the CMS and the
   * shipped files are versioned by content hash). `serveIf`: whether the new version replaces the current one
   * (shipped files do not replace what staff published).
   */
  async publishIfChanged(
    id: string,
    definition: unknown,
    actor: Actor,
    serveIf: (current: { origin: string } | undefined) => boolean = () => true,
  ): Promise<PublishResult> {
    const hash = contentHash(definition);
    const newest = await this.newestOf(this.db, id, actor.origin);
    if (newest?.content_hash === hash) return { ok: true, id, version: newest.version, unchanged: true };
    const prepared = await this.prepare(definition, id);
    if (!prepared.ok) return prepared;
    const outcome = await this.db.transaction().execute(async (trx) => {
      await lockForm(trx, id);
      // another instance may have stored the same content meanwhile
      const again = await this.newestOf(trx, id, actor.origin);
      if (again?.content_hash === hash) return { version: again.version, unchanged: true, serve: false };
      const current = await currentOf(trx, id);
      const taken = actor.origin === 'cms' ? await cmsRefusal(trx, id, prepared.kind, current) : undefined;
      if (taken) return { refused: taken };
      const serve = serveIf(current);
      const version = await this.insertVersion(trx, prepared, actor, { serve, locked: true });
      await audit(trx, actor.name, 'publish', id, version, { hash, kind: prepared.kind, served: serve });
      return { version, unchanged: false, serve };
    });
    if (outcome.refused) return outcome.refused;
    if (outcome.serve) await this.served(id, outcome.version);
    return { ok: true, id, version: outcome.version, ...(outcome.unchanged ? { unchanged: true } : {}) };
  }

  /** Serves version `version` again, as a new version with its definition and artefacts. */
  async rollback(
    id: string,
    version: number,
    actor: Actor,
  ): Promise<{ id: string; version: number; unchanged?: boolean } | undefined> {
    const current = await currentOf(this.db, id);
    // the version served now: nothing to roll back to
    if (current?.version === version) return { id, version, unchanged: true };
    const created = await this.db.transaction().execute(async (trx) => {
      await lockForm(trx, id);
      const old = await trx
        .selectFrom('form_versions')
        .selectAll()
        .where('form_id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (!old) return undefined;
      const next = await this.nextVersion(trx, id);
      await retireCurrent(trx, id);
      await trx
        .insertInto('form_versions')
        .values({
          form_id: id,
          version: next,
          kind: old.kind,
          // the version served again keeps its origin: a rollback to a CMS version gives the form back to the CMS,
          // one to a staff version keeps the CMS from publishing over it (cmsRefusal)
          origin: old.origin,
          definition: jsonValue(old.definition),
          content_hash: old.content_hash,
          artifacts: jsonValue(old.artifacts),
          published_by: actor.name,
          rollback_of: version,
        })
        .execute();
      await setCurrent(trx, id, next);
      await audit(trx, actor.name, 'rollback', id, next, { to: version });
      return next;
    });
    if (created === undefined) return undefined;
    await this.served(id, created);
    return { id, version: created };
  }

  /** Every version of a form, newest first; undefined when the form has none. */
  async versions(id: string): Promise<VersionSummary[] | undefined> {
    const [rows, current] = await Promise.all([
      this.db
        .selectFrom('form_versions')
        .select([
          'version',
          'kind',
          'origin',
          'published_by',
          'published_at',
          'content_hash',
          'rollback_of',
          'retired_at',
          'withdrawn_at',
        ])
        .where('form_id', '=', id)
        .orderBy('version', 'desc')
        .execute(),
      currentOf(this.db, id),
    ]);
    if (rows.length === 0) return undefined;
    return rows.map((r) => ({
      version: r.version,
      kind: r.kind,
      origin: r.origin,
      publishedBy: r.published_by,
      publishedAt: new Date(r.published_at).toISOString(),
      contentHash: r.content_hash,
      current: r.version === current?.version,
      ...(r.rollback_of !== null ? { rollbackOf: r.rollback_of } : {}),
      ...(r.retired_at ? { retiredAt: new Date(r.retired_at).toISOString() } : {}),
      ...(r.withdrawn_at ? { withdrawnAt: new Date(r.withdrawn_at).toISOString() } : {}),
    }));
  }

  /**
   * Withdraws an older version at once: resumed drafts and submissions naming it are refused from now on, as past
   * the grace time. The version served now cannot be withdrawn (publish or roll back first).
   */
  async withdraw(id: string, version: number, actor: Actor): Promise<'withdrawn' | 'current' | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await lockForm(trx, id);
      const current = await currentOf(trx, id);
      if (current?.version === version) return 'current';
      const row = await trx
        .selectFrom('form_versions')
        .select('withdrawn_at')
        .where('form_id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (!row) return undefined;
      // withdrawn before: nothing changes, nothing more to record
      if (row.withdrawn_at) return 'withdrawn';
      await trx
        .updateTable('form_versions')
        .set({ withdrawn_at: sql`now()` })
        .where('form_id', '=', id)
        .where('version', '=', version)
        .execute();
      this.older.delete(`${id}@${version}`);
      await audit(trx, actor.name, 'withdraw', id, version, null);
      return 'withdrawn';
    });
  }

  /** The definition of one version, as it was published. */
  async definition(id: string, version: number): Promise<unknown> {
    const row = await this.db
      .selectFrom('form_versions')
      .select('definition')
      .where('form_id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return row?.definition;
  }

  /**
   * Version `version` of a form for serving: the current one from the registry, an older one from the database
   * while it is within the grace time after it was replaced ('retired' after that), undefined when there is none.
   */
  async version(id: string, version: number, opts: { evenRetired?: boolean } = {}): Promise<VersionLookup> {
    const key = `${id}@${version}`;
    const cached = this.older.get(key);
    if (cached && (opts.evenRetired || !(await this.pastGrace(id, version)))) return cached;
    const row = await this.db
      .selectFrom('form_versions')
      .select(['kind', 'artifacts', 'retired_at', 'withdrawn_at'])
      .where('form_id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!row) return undefined;
    const retired = row.withdrawn_at || (row.retired_at && this.beyondGrace(new Date(row.retired_at)));
    if (retired && !opts.evenRetired) return 'retired';
    const loaded = this.load(id, version, row.kind, row.artifacts as StoredArtifacts);
    this.older.set(key, loaded);
    return loaded;
  }

  /** Loads the current version of every form (or of `only`) from the database into the registry. */
  async refresh(only?: string): Promise<void> {
    let query = this.db
      .selectFrom('forms')
      .innerJoin('form_versions', (j) =>
        j.onRef('form_versions.form_id', '=', 'forms.id').onRef('form_versions.version', '=', 'forms.current_version'),
      )
      .select(['forms.id', 'forms.current_version', 'form_versions.kind', 'form_versions.artifacts']);
    if (only !== undefined) query = query.where('forms.id', '=', only);
    else {
      // only forms whose served version changed are loaded again
      const rows = await this.db.selectFrom('forms').select(['id', 'current_version']).execute();
      const changed = rows.filter((r) => this.registry.versionOf.get(r.id) !== r.current_version).map((r) => r.id);
      if (changed.length === 0) return;
      query = query.where('forms.id', 'in', changed);
    }
    for (const row of await query.execute()) {
      // served versions only grow (a rollback is a new version): a refresh that read an older row than another,
      // overlapping one (the poll and a notice) must not step back to it
      if ((this.registry.versionOf.get(row.id) ?? 0) >= row.current_version) continue;
      try {
        const loaded = this.load(row.id, row.current_version, row.kind, row.artifacts as StoredArtifacts);
        this.registry.replace(row.id, loaded.registry, row.current_version);
      } catch (error) {
        this.options.log?.warn({ form: row.id, version: row.current_version, err: describe(error) }, 'form not loaded');
      }
    }
  }

  /**
   * The forms that ship with the product (the files of `schemas/`): each is stored as a new version when its
   * content changed since the last shipped one, and served unless staff published a version of their own since.
   * Returns problems as `file: message` lines.
   */
  async syncShipped(documents: ShippedDocument[], name: (file: string) => string): Promise<string[]> {
    const problems: string[] = [];
    const shipped: Actor = { origin: 'shipped', name: 'shipped' };
    for (const doc of documents) {
      if (doc.problem !== undefined) {
        problems.push(`${name(doc.file)}: ${doc.problem}`);
        continue;
      }
      const id = formIdOf(doc.value);
      if (!id) {
        problems.push(`${name(doc.file)}: not a form`);
        continue;
      }
      const result = await this.publishIfChanged(id, doc.value, shipped, (c) => !c || c.origin === 'shipped');
      this.noteProblems(id, name(doc.file), result);
      if (!result.ok) {
        const lines = result.diagnostics.map((d) => `${d.pointer} ${d.message}`).join('; ');
        problems.push(`${name(doc.file)}: ${lines}`);
      }
    }
    return problems;
  }

  /** Remembers (or, after a good version, forgets) the problems of one source of a form. */
  noteProblems(id: string, source: string, result: PublishResult): void {
    const others = (this.problems.get(id) ?? []).filter((p) => p.source !== source);
    if (!result.ok) {
      const diagnostics = result.diagnostics.map(({ pointer, message, severity }) => ({ pointer, message, severity }));
      others.push({ at: new Date().toISOString(), source, diagnostics });
    }
    if (others.length) this.problems.set(id, others);
    else this.problems.delete(id);
  }

  /** Every form the store has, with the version it serves. */
  async forms(): Promise<
    Array<{ id: string; version: number; kind: string; publishedAt: string; publishedBy: string }>
  > {
    const rows = await this.db
      .selectFrom('forms')
      .innerJoin('form_versions', (j) =>
        j.onRef('form_versions.form_id', '=', 'forms.id').onRef('form_versions.version', '=', 'forms.current_version'),
      )
      .select([
        'forms.id',
        'forms.current_version',
        'form_versions.kind',
        'form_versions.published_at',
        'form_versions.published_by',
      ])
      .orderBy('forms.id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      version: r.current_version,
      kind: r.kind,
      publishedAt: new Date(r.published_at).toISOString(),
      publishedBy: r.published_by,
    }));
  }

  // ---------------------------------------------------------------------------------------------------------------

  /** A version's registry; artefacts of another compiler version are compiled again from the stored definition. */
  private load(id: string, version: number, kind: string, stored: StoredArtifacts): LoadedVersion {
    let artifacts = stored;
    if (stored.compiler !== COMPILER_VERSION) {
      const again = compileArtifacts(stored.dsl);
      if ('diagnostics' in again) throw new Error(`version ${version} no longer compiles`);
      artifacts = again;
    }
    const variants = artifacts.variants.map((form) => ({ ...form, version }));
    const cms = kind === 'dsl' ? undefined : (kind as CmsKind);
    const registry = FormRegistry.fromVariants(variants, cms, artifacts.dsl.source?.id);
    const loaded = { id, version, registry, artifacts: { ...artifacts, variants } };
    this.onLoaded?.(loaded);
    return loaded;
  }

  private async served(id: string, version: number): Promise<void> {
    await this.refresh(id);
    this.options.onPublished?.(id, version);
    this.options.log?.info({ form: id, version }, 'form version published');
  }

  private async insertVersion(
    trx: Transaction<Database>,
    prepared: PreparedVersion,
    actor: Actor,
    how: { serve: boolean; locked?: boolean },
  ): Promise<number> {
    if (!how.locked) await lockForm(trx, prepared.id);
    const version = await this.nextVersion(trx, prepared.id);
    if (how.serve) await retireCurrent(trx, prepared.id);
    await trx
      .insertInto('form_versions')
      .values({
        form_id: prepared.id,
        version,
        kind: prepared.kind,
        origin: actor.origin,
        definition: jsonValue(prepared.definition),
        content_hash: prepared.hash,
        artifacts: jsonValue(prepared.artifacts),
        published_by: actor.name,
        // a version stored but not served (a shipped file under a staff version) counts as replaced at once
        retired_at: how.serve ? null : new Date(),
      })
      .execute();
    if (how.serve) await setCurrent(trx, prepared.id, version);
    return version;
  }

  private async nextVersion(trx: Transaction<Database>, id: string): Promise<number> {
    const row = await trx
      .selectFrom('form_versions')
      .select((eb) => eb.fn.max('version').as('max'))
      .where('form_id', '=', id)
      .executeTakeFirst();
    return Number(row?.max ?? 0) + 1;
  }

  private newestOf(db: Kysely<Database>, id: string, origin: Origin) {
    return db
      .selectFrom('form_versions')
      .select(['version', 'content_hash'])
      .where('form_id', '=', id)
      .where('origin', '=', origin)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  private async pastGrace(id: string, version: number): Promise<boolean> {
    if (this.registry.versionOf.get(id) === version) return false;
    const row = await this.db
      .selectFrom('form_versions')
      .select(['retired_at', 'withdrawn_at'])
      .where('form_id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return !!row?.withdrawn_at || (!!row?.retired_at && this.beyondGrace(new Date(row.retired_at)));
  }

  private beyondGrace(retiredAt: Date): boolean {
    return Date.now() - retiredAt.getTime() >= this.options.graceDays * 86_400_000;
  }
}

/**
 * Why the CMS may not publish `kind` under form id `id`, or undefined when it may: a CMS document publishes only
 * forms of its own kind that the CMS or the product's files serve, so neither a headline that slugs to another
 * form's id nor a CMS edit takes over a form staff published (or rolled back to a staff version).
 */
async function cmsRefusal(
  trx: Transaction<Database>,
  id: string,
  kind: string,
  current: { origin: string; version: number } | undefined,
): Promise<RefusedVersion | undefined> {
  const other = await trx
    .selectFrom('form_versions')
    .select('kind')
    .where('form_id', '=', id)
    .where('kind', '!=', kind)
    .limit(1)
    .executeTakeFirst();
  const refuse = (message: string): RefusedVersion => ({
    ok: false,
    diagnostics: [{ severity: 'error', code: 'form-id-taken', message, pointer: '' }],
  });
  if (other) {
    return refuse(
      `the form id '${id}' belongs to a ${other.kind} form; a ${kind} document from the CMS cannot publish under it (rename the document)`,
    );
  }
  if (current && current.origin !== 'cms' && current.origin !== 'shipped') {
    return refuse(
      `the form '${id}' serves version ${current.version}, which staff published; the CMS publishes over it once staff roll back to a version from the CMS`,
    );
  }
  return undefined;
}

/** Takes the form's row lock (creating the row), so two publishes of one form never pick the same number. */
async function lockForm(trx: Transaction<Database>, id: string): Promise<void> {
  await trx
    .insertInto('forms')
    .values({ id, current_version: 0 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await trx.selectFrom('forms').select('id').where('id', '=', id).forUpdate().execute();
}

async function currentOf(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('forms')
    .innerJoin('form_versions', (j) =>
      j.onRef('form_versions.form_id', '=', 'forms.id').onRef('form_versions.version', '=', 'forms.current_version'),
    )
    .select(['form_versions.version', 'form_versions.origin', 'form_versions.content_hash'])
    .where('forms.id', '=', id)
    .executeTakeFirst();
}

async function retireCurrent(trx: Transaction<Database>, id: string): Promise<void> {
  await sql`update form_versions set retired_at = now()
    where form_id = ${id} and version = (select current_version from forms where id = ${id})`.execute(trx);
}

async function setCurrent(trx: Transaction<Database>, id: string, version: number): Promise<void> {
  await trx
    .updateTable('forms')
    .set({ current_version: version, updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
  await trx
    .updateTable('form_versions')
    .set({ retired_at: null })
    .where('form_id', '=', id)
    .where('version', '=', version)
    .execute();
  // every instance listening (forms/notify.ts) loads the new version once this transaction commits
  await sql`select pg_notify(${notifyChannel}, ${JSON.stringify({ id, version })})`.execute(trx);
}

/** The channel publishes are announced on, one per database schema (tests and deployments may share a database). */
const notifyChannel = sql`'antrag_forms_' || md5(current_schema())`;

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
