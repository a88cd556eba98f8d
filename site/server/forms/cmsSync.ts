/**
 * Forms from the headless CMS (issue 17): the booking v1, booking v2 and review definitions the content service
 * holds are read (content/formDocuments.ts) and each is published through the store as a new version when its
 * content changed (`publishIfChanged`, origin 'cms'; versioned by content hash, so repeats — another instance's
 * poll, a second hook — publish nothing). A document that fails its checks is refused: its form keeps the version
 * it serves, and the problems are logged and kept for GET /api/admin/forms/{id}/problems (source `cms:<record id>`).
 * A service that is down or answers garbage changes nothing. Nothing is ever removed: a record deleted in the CMS
 * leaves its form served as it was.
 *
 * Readings are run one at a time: a request while one runs is answered by the next reading, which starts when the
 * running one ends (it may have read the service before the change that asked for it); every request meanwhile
 * shares that next reading.
 */
import { Buffer } from 'node:buffer';
import { performance } from 'node:perf_hooks';
import type { Diagnostic } from '@antrag/core/compile/types';
import { slugify } from '@antrag/core/import';
import type { FormDocument, FormDocumentSource, FormListing, FormSchemaKind } from '../content/index.js';
import { contentHash, formIdOf, type RefusedVersion } from './artifacts.js';
import { type Actor, type FormStore, MAX_DEFINITION_BYTES } from './store.js';

const CMS: Actor = { origin: 'cms', name: 'cms' };

export interface SyncLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** What became of one document. */
export interface SyncedDocument {
  kind: FormSchemaKind;
  record: string;
  /** The form the document publishes (absent when not even that could be read from it). */
  id?: string;
  outcome: 'published' | 'unchanged' | 'refused' | 'failed';
  /** The version it serves as (published, unchanged). */
  version?: number;
  /** Why it was refused (the first few problems) or failed. */
  problems?: string[];
}

/** What one reading did. */
export interface SyncReport {
  at: string;
  ms: number;
  documents: number;
  published: number;
  unchanged: number;
  refused: number;
  /** Documents whose publishing failed for another reason than their content (the database). */
  failed: number;
  forms: SyncedDocument[];
  /** Kinds the service could not be read for. */
  errors: FormListing['errors'];
  /** Records left unread: CONTENT_FORMS_MAX_DOCUMENTS was reached. */
  truncated: boolean;
}

const SHOWN_PROBLEMS = 3;

export class CmsFormSync {
  /** Where readings are reported; main.ts sets the server's logger once the app is built. */
  log: SyncLog;
  private current?: Promise<SyncReport>;
  private next?: Promise<SyncReport>;
  private timer?: ReturnType<typeof setInterval>;
  private stopped = false;
  private readonly abort = new AbortController();
  /** The form each record last published (a document too broken to name its form still reports there). */
  private readonly formOfRecord = new Map<string, string>();
  /**
   * Each record's last refused document, by content hash: a repeat is not logged again, and one the store refused
   * (`checked`: its content is at fault, not other records) is not checked again.
   */
  private readonly refusedOf = new Map<
    string,
    { hash: string; id?: string; result: RefusedVersion; checked: boolean }
  >();

  constructor(
    private readonly store: FormStore,
    private readonly source: FormDocumentSource,
    options: { log?: SyncLog } = {},
  ) {
    this.log = options.log ?? { info: () => undefined, warn: () => undefined };
  }

  /** Reads the CMS and publishes what changed: now, or right after the reading that runs (shared by all asking). */
  sync(): Promise<SyncReport> {
    if (this.next) return this.next;
    if (!this.current) return this.start();
    this.next = this.current
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.next = undefined;
        return this.start();
      });
    return this.next;
  }

  /** Reads the CMS every `intervalMs` (skipped while a reading runs); 0: never. */
  startPolling(intervalMs: number): void {
    if (intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (this.current || this.next) return;
      this.sync().catch((error: Error) => this.log.warn({ err: { message: error.message } }, 'CMS forms not read'));
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops polling, cuts off a request to the service and waits for the reading that runs. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.abort.abort();
    await Promise.allSettled([this.current, this.next]);
  }

  private start(): Promise<SyncReport> {
    const running = this.run().finally(() => {
      if (this.current === running) this.current = undefined;
    });
    this.current = running;
    return running;
  }

  private async run(): Promise<SyncReport> {
    const started = performance.now();
    const listing: FormListing = this.stopped
      ? { documents: [], errors: [], truncated: false }
      : await this.source.list(this.abort.signal);
    const ids = this.formIds(listing.documents);
    const forms: SyncedDocument[] = [];
    for (const doc of listing.documents) {
      if (this.stopped) break;
      forms.push(await this.publishSafely(doc, ids));
    }
    this.forgetGone(listing);
    const count = (outcome: SyncedDocument['outcome']) => forms.filter((f) => f.outcome === outcome).length;
    const report: SyncReport = {
      at: new Date().toISOString(),
      ms: Math.round(performance.now() - started),
      documents: listing.documents.length,
      published: count('published'),
      unchanged: count('unchanged'),
      refused: count('refused'),
      failed: count('failed'),
      forms,
      errors: listing.errors,
      truncated: listing.truncated,
    };
    if (!this.stopped) this.report(report);
    return report;
  }

  /** The form id of each document: the importer's, else the one its record had, else read from its raw fields. */
  private formIds(documents: FormDocument[]): Map<FormDocument, string | undefined> {
    const ids = new Map<FormDocument, string | undefined>();
    for (const doc of documents) {
      let id: string | undefined;
      try {
        id = formIdOf(doc.document);
      } catch {
        // a document the importer chokes on is refused below, under the id its record had or its raw fields give
      }
      ids.set(doc, id ?? this.formOfRecord.get(doc.recordId) ?? fallbackId(doc));
    }
    return ids;
  }

  /** One document's outcome; an error of the database or of this code fails that document alone. */
  private async publishSafely(doc: FormDocument, ids: Map<FormDocument, string | undefined>): Promise<SyncedDocument> {
    try {
      return await this.publish(doc, ids);
    } catch (error) {
      const id = ids.get(doc);
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn({ form: id, record: doc.recordId, err: { message } }, 'CMS form definition not published');
      return { kind: doc.kind, record: doc.recordId, ...(id ? { id } : {}), outcome: 'failed', problems: [message] };
    }
  }

  private async publish(doc: FormDocument, ids: Map<FormDocument, string | undefined>): Promise<SyncedDocument> {
    const id = ids.get(doc);
    const base = { kind: doc.kind, record: doc.recordId, ...(id ? { id } : {}) };
    const hash = contentHash(doc.document);
    const known = this.refusedOf.get(doc.recordId);
    const seen = (result: RefusedVersion) =>
      known?.hash === hash &&
      known.id === id &&
      known.result.diagnostics[0]?.message === result.diagnostics[0]?.message;
    const refused = precheck(doc, id, ids);
    if (refused || !id) {
      const result = refused ?? refusedBecause('no-form-id', 'no form id can be read from this document');
      this.refusedOf.set(doc.recordId, { hash, id, result, checked: false });
      return this.refuse(doc, base, id, result, seen(result));
    }
    // the same document the store refused before: its problems stand, no need to check it again
    if (known?.checked && seen(known.result)) return this.refuse(doc, base, id, known.result, true);
    const result = await this.store.publishIfChanged(id, doc.document, CMS);
    if (!result.ok) {
      // a refusal because of what the form serves now (form-id-taken) is asked again each time: a staff rollback
      // to a CMS version hands the form back; the document's own problems stand until it changes
      const own = !result.diagnostics.some((d) => d.code === 'form-id-taken');
      this.refusedOf.set(doc.recordId, { hash, id, result, checked: own });
      return this.refuse(doc, base, id, result, seen(result));
    }
    this.refusedOf.delete(doc.recordId);
    this.formOfRecord.set(doc.recordId, id);
    this.store.noteProblems(id, `cms:${doc.recordId}`, result);
    return { ...base, outcome: result.unchanged ? 'unchanged' : 'published', version: result.version };
  }

  /**
   * Forgets the problems (and what else is kept) of records the CMS no longer has, after a listing that read every
   * record: an incomplete one says nothing of what is gone. Their forms stay as they are.
   */
  private forgetGone(listing: FormListing): void {
    if (listing.errors.length || listing.truncated || this.stopped) return;
    const present = new Set(listing.documents.map((d) => d.recordId));
    for (const [id, problems] of this.store.problems) {
      const kept = problems.filter((p) => !p.source.startsWith('cms:') || present.has(p.source.slice('cms:'.length)));
      if (kept.length === problems.length) continue;
      if (kept.length) this.store.problems.set(id, kept);
      else this.store.problems.delete(id);
    }
    for (const kept of [this.formOfRecord, this.refusedOf]) {
      for (const record of kept.keys()) if (!present.has(record)) kept.delete(record);
    }
  }

  /** Keeps the form's served version, and its problems for the staff API and the log (a repeat is not logged). */
  private refuse(
    doc: FormDocument,
    base: Omit<SyncedDocument, 'outcome'>,
    id: string | undefined,
    result: RefusedVersion,
    repeated = false,
  ): SyncedDocument {
    if (id) this.store.noteProblems(id, `cms:${doc.recordId}`, result);
    const problems = result.diagnostics
      .filter((d) => d.severity === 'error')
      .slice(0, SHOWN_PROBLEMS)
      .map((d) => `${d.pointer || '/'} ${d.message}`);
    if (!repeated) {
      this.log.warn(
        { form: id, record: doc.recordId, kind: doc.kind, problems },
        'CMS form definition refused; the form keeps the version it serves',
      );
    }
    return { ...base, outcome: 'refused', problems };
  }

  private report(report: SyncReport): void {
    const { published, unchanged, refused, failed, documents, errors, truncated, ms } = report;
    const summary = { documents, published, unchanged, refused, failed, ms };
    if (errors.length) this.log.warn({ ...summary, errors }, 'CMS forms not all read; the forms read keep serving');
    else if (published || failed) this.log.info(summary, 'CMS forms read');
    if (truncated) this.log.warn(summary, 'CMS forms: more records than CONTENT_FORMS_MAX_DOCUMENTS; the rest unread');
  }
}

function refusedBecause(code: string, message: string): RefusedVersion {
  const diagnostic: Diagnostic = { severity: 'error', code, message, pointer: '' };
  return { ok: false, diagnostics: [diagnostic] };
}

/** Why a document is refused before it is checked: no form id, too large, or a form another record defines too. */
function precheck(
  doc: FormDocument,
  id: string | undefined,
  ids: Map<FormDocument, string | undefined>,
): RefusedVersion | undefined {
  if (!id) return undefined;
  // only records of one kind clash here; a record of another kind under the same id is refused by the store
  // (form-id-taken), so a review headline cannot freeze a booking
  const others = [...ids]
    .filter(([d, other]) => other === id && d !== doc && d.kind === doc.kind)
    .map(([d]) => `cms:${d.recordId}`);
  if (others.length) {
    return refusedBecause(
      'duplicate-form-id',
      `form '${id}' is also defined by ${others.join(', ')}; none is published`,
    );
  }
  return tooLarge(doc.document);
}

function tooLarge(document: unknown): RefusedVersion | undefined {
  const bytes = Buffer.byteLength(JSON.stringify(document));
  if (bytes <= MAX_DEFINITION_BYTES) return undefined;
  return refusedBecause('too-large', `the definition has ${bytes} bytes of JSON; at most ${MAX_DEFINITION_BYTES}`);
}

/** The id the importer would give, read from the fields it reads, for a document it cannot import. */
function fallbackId(doc: FormDocument): string | undefined {
  const d = doc.document as Record<string, unknown> & Array<Record<string, unknown> | undefined>;
  const candidates =
    doc.kind === 'bookingV1'
      ? [d[0]?.id, d[0]?.name]
      : doc.kind === 'bookingV2'
        ? [d.id, (d.flatData as { name?: unknown } | undefined)?.name]
        : [d.headline];
  for (const candidate of candidates) {
    const slug = typeof candidate === 'string' ? slugify(candidate) : '';
    if (slug) return slug;
  }
  return undefined;
}
