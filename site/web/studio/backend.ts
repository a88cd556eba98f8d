/**
 * Where the studio's forms live, behind one interface: a folder of files (`antrag studio <folder>`, the local
 * studio server's API in `api.ts`) or the form store of the main server (issue 18: the staff API, where a save is a
 * draft and a form is published as its next version). The studio (`Studio.tsx`) works on paths either way: in the
 * store a form `id` is the path `<id>.form.json`.
 */
import { StudioApiError, studioApi } from './api.js';
import type { StudioT } from './i18n.js';
import { AdminApiError, adminCall, type StaffRole } from './staffApi.js';
import { jsonText } from './templates.js';

/** A form the picker lists; `label` is what it shows (the path when absent). */
export interface ListedForm {
  path: string;
  size: number;
  modified: string;
  label?: string;
}

/** What the studio edits: where (as the checker names it), the meta-schema's path, and the forms. */
export interface StudioListing {
  folder: string;
  dslSchema: string;
  files: ListedForm[];
}

/** A form opened: its text and the etag a save must name (none: the save creates the file or the draft). */
export interface OpenedForm {
  text: string;
  etag?: string;
}

export interface StudioBackend {
  readonly kind: 'folder' | 'store';
  list(): Promise<StudioListing>;
  open(path: string): Promise<OpenedForm>;
  /** Saves over the version `etag` names, or as a new file or draft (`etag` undefined); 409 on a conflict. */
  save(path: string, text: string, etag: string | undefined): Promise<{ etag: string }>;
  /** A shared file a `$ref` names (the folder only: the store holds whole forms). */
  readShared(path: string): Promise<string>;
  /** Why a form cannot be kept under this name here, or undefined (the folder takes any `*.form.json`). */
  pathProblem?(path: string): string | undefined;
}

/** The files of the folder `antrag studio` serves. */
export class FolderBackend implements StudioBackend {
  readonly kind = 'folder';
  list = () => studioApi.files();
  open = (path: string) => studioApi.read(path);
  save = (path: string, text: string, etag: string | undefined) => studioApi.save(path, text, etag);
  readShared = (path: string) => studioApi.read(path).then((f) => f.text);
}

/** A version as GET /api/admin/forms/{id}/versions lists it. */
export interface FormVersion {
  version: number;
  origin: string;
  publishedBy: string;
  publishedAt: string;
  current: boolean;
  rollbackOf?: number;
  withdrawnAt?: string;
}

export interface Diagnostic {
  pointer: string;
  message: string;
  severity: string;
  /** How to fix it, when the checker knows (an unsafe pattern's). */
  hint?: string;
}

export type PublishOutcome =
  | { ok: true; version: number; unchanged: boolean }
  /** The server's diagnostics (400), or a text that is no JSON (no diagnostics). */
  | { ok: false; message: string; diagnostics: Diagnostic[] };

interface DraftAnswer {
  text: string;
  etag: string;
  basedOn: number | null;
}

const FORM_PATH = /^([a-z0-9][a-z0-9-]{0,99})\.form\.json$/;

/** The form store on the main server, over the staff API, for a signed-in staff member. */
export class StoreBackend implements StudioBackend {
  readonly kind = 'store';
  /** The version each opened form's edits started from (a draft's `basedOn`). */
  private readonly basedOn = new Map<string, number | null>();

  constructor(
    private readonly t: StudioT,
    /** Viewers read; publishers save drafts, publish and roll back. */
    readonly role: StaffRole,
  ) {}

  /** Why the store cannot hold a form under this name (it names no form id), or undefined when it can. */
  pathProblem(path: string): string | undefined {
    return FORM_PATH.test(path) ? undefined : this.t('store.badId', { path });
  }

  /** `contact-enquiry.form.json` → `contact-enquiry`; throws for a path that names no form id. */
  formIdOf(path: string): string {
    const id = FORM_PATH.exec(path)?.[1];
    if (!id) throw new StudioApiError(400, this.t('store.badId', { path }));
    return id;
  }

  pathOf(id: string): string {
    return `${id}.form.json`;
  }

  async list(): Promise<StudioListing> {
    const [{ forms }, { drafts }] = await Promise.all([
      adminCall<{ forms: Array<{ id: string; version: number; publishedAt: string }> }>('/api/admin/forms'),
      adminCall<{ drafts: Array<{ id: string; bytes: number; savedAt: string }> }>('/api/admin/drafts'),
    ]);
    const byId = new Map<string, ListedForm>();
    for (const f of forms) {
      byId.set(f.id, {
        path: this.pathOf(f.id),
        size: 0,
        modified: f.publishedAt,
        label: this.t('store.formVersion', { id: f.id, version: f.version }),
      });
    }
    for (const d of drafts) {
      const published = forms.find((f) => f.id === d.id);
      byId.set(d.id, {
        path: this.pathOf(d.id),
        size: d.bytes,
        modified: d.savedAt,
        label: published
          ? this.t('store.formVersionDraft', { id: d.id, version: published.version })
          : this.t('store.formDraft', { id: d.id }),
      });
    }
    const files = [...byId.values()].sort((a, b) => a.path.localeCompare(b.path));
    return { folder: '', dslSchema: 'dsl.schema.json', files };
  }

  /** The form's draft when it has one, else the definition of the version it serves now. */
  async open(path: string): Promise<OpenedForm> {
    const id = this.formIdOf(path);
    try {
      const draft = await adminCall<DraftAnswer>(`/api/admin/forms/${id}/draft`);
      this.basedOn.set(id, draft.basedOn);
      return { text: draft.text, etag: draft.etag };
    } catch (e) {
      if (!(e instanceof StudioApiError && e.status === 404)) throw e;
    }
    const served = await this.served(path);
    if (!served) throw new StudioApiError(404, this.t('store.none', { id }));
    this.basedOn.set(id, served.version);
    return { text: jsonText(served.definition) };
  }

  async save(path: string, text: string, etag: string | undefined): Promise<{ etag: string }> {
    const id = this.formIdOf(path);
    const basedOn = this.basedOn.get(id);
    return adminCall<{ etag: string }>(`/api/admin/forms/${id}/draft`, {
      method: 'PUT',
      json: { text, ...(basedOn === undefined ? {} : { basedOn }) },
      headers: etag ? { 'If-Match': `"${etag}"` } : { 'If-None-Match': '*' },
    });
  }

  /**
   * What the studio says after a draft of `path` was saved: applicants still get the published version, or, for a
   * form with no version yet (a draft never published, a form new in the studio), nothing until it is published.
   */
  draftSavedText(path: string): string {
    const id = this.formIdOf(path);
    const basedOn = this.basedOn.get(id);
    return typeof basedOn === 'number' ? this.t('draft.saved', { id }) : this.t('draft.savedUnpublished', { id });
  }

  readShared(path: string): Promise<string> {
    return Promise.reject(new StudioApiError(404, this.t('store.noShared', { path })));
  }

  /** The version the form serves now and its definition; undefined for a form with no version yet. */
  async served(path: string): Promise<{ version: number; definition: unknown } | undefined> {
    const versions = await this.versions(path);
    const current = versions.find((v) => v.current) ?? versions[0];
    if (!current) return undefined;
    return { version: current.version, definition: await this.definition(path, current.version) };
  }

  /** Every version, newest first; none for a form with no version yet. */
  async versions(path: string): Promise<FormVersion[]> {
    const id = this.formIdOf(path);
    try {
      return (await adminCall<{ versions: FormVersion[] }>(`/api/admin/forms/${id}/versions`)).versions;
    } catch (e) {
      if (e instanceof StudioApiError && e.status === 404) return [];
      throw e;
    }
  }

  async definition(path: string, version: number): Promise<unknown> {
    const id = this.formIdOf(path);
    return (await adminCall<{ definition: unknown }>(`/api/admin/forms/${id}/versions/${version}`)).definition;
  }

  /** Publishes `text` as the form's next version; the server clears a draft of the same content. */
  async publish(path: string, text: string): Promise<PublishOutcome> {
    const id = this.formIdOf(path);
    try {
      JSON.parse(text);
    } catch (e) {
      return { ok: false, message: this.t('publish.notJson', { message: (e as Error).message }), diagnostics: [] };
    }
    try {
      const answer = await adminCall<{ version: number; unchanged: boolean }>(`/api/admin/forms/${id}`, {
        method: 'PUT',
        body: text,
      });
      this.basedOn.set(id, answer.version);
      return { ok: true, version: answer.version, unchanged: answer.unchanged };
    } catch (e) {
      const body = e instanceof AdminApiError ? (e.body as { diagnostics?: Diagnostic[] } | undefined) : undefined;
      if (e instanceof AdminApiError && e.status === 400) {
        return { ok: false, message: e.message, diagnostics: body?.diagnostics ?? [] };
      }
      throw e;
    }
  }

  /** Serves `version` again, as a new version. */
  async rollback(path: string, version: number): Promise<{ version: number; unchanged?: boolean }> {
    const id = this.formIdOf(path);
    const answer = await adminCall<{ version: number; unchanged?: boolean }>(`/api/admin/forms/${id}/rollback`, {
      method: 'POST',
      json: { version },
    });
    this.basedOn.set(id, answer.version);
    return answer;
  }
}
