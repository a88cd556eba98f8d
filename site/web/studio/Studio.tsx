/**
 * The studio over one folder: the file picker and actions, the editor with the problems `antrag validate` would
 * print (checked as the author types, after a short pause), and beside it the live preview and what the form
 * compiles to. What is typed is kept in browser storage until it is saved.
 */

import type { CompiledForm } from '@antrag/core/compile/types';
import { Alert, Button, Select, Tabs } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { StudioApiError } from './api.js';
import { StoreBackend, type StudioBackend, type StudioListing } from './backend.js';
import type { BufferStore } from './buffers.js';
import { Builder } from './builder/Builder.js';
import { type BuilderSelection, parseDefinition, selectionAt } from './builder/selection.js';
import { TranslationsTab } from './builder/TranslationsTab.js';
import { type BufferCheck, BufferChecker } from './check.js';
import { ImportDialog, NewFormDialog } from './Dialogs.js';
import { Editor, type EditorHandle, type HistoryDepth } from './Editor.js';
import { ExportCmsButton } from './ExportCms.js';
import { editorPhrases, useStudioT } from './i18n.js';
import { NewStoreFormDialog } from './NewStoreFormDialog.js';
import { PayloadOutput, SchemaOutput, TypesOutput, UiSchemaOutput } from './Outputs.js';
import { Preview, type PreviewState } from './Preview.js';
import { dirnameOf, relativeSpecifier } from './paths.js';
import { editorDiagnostics } from './ranges.js';
import { StoreToolbar } from './StoreToolbar.js';
import { fromTemplate, idFromPath, jsonText, type TemplateId } from './templates.js';
import { formText } from './texts.js';

type StudioView = 'builder' | 'json' | 'translations';
const VIEWS: readonly StudioView[] = ['builder', 'json', 'translations'];
const VIEW_KEY = 'antrag-studio-view';

function savedView(): StudioView {
  try {
    const kept = localStorage.getItem(VIEW_KEY);
    return VIEWS.includes(kept as StudioView) ? (kept as StudioView) : 'builder';
  } catch {
    return 'builder';
  }
}

/** How long typing must pause before the text is checked and kept. */
export const CHECK_DELAY_MS = 300;

interface OpenFile {
  path: string;
  /** The text on disk; undefined for a file not saved yet. */
  diskText?: string;
  etag?: string;
  /** What the editor starts with the first time the file is opened in this page. */
  initialText: string;
}

interface Offer {
  path: string;
  text: string;
  updated: number;
  stale: boolean;
}

interface Good {
  path: string;
  text: string;
  form: CompiledForm;
}

type Notice = { type: 'success' | 'error' | 'warning'; text: string; details?: string[] };

/** The signed-in staff member on the main server (store mode), shown in the header with "Sign out". */
export interface StudioAccount {
  email: string;
  onSignOut(): void;
}

interface StudioProps {
  info: StudioListing;
  store: BufferStore;
  /** Where the forms live: a folder (`antrag studio`) or the form store (backend.ts). */
  backend: StudioBackend;
  account?: StudioAccount;
}

export function Studio({ info: initialInfo, store, backend, account }: StudioProps) {
  const storeBackend = backend instanceof StoreBackend ? backend : undefined;
  const t = useStudioT();
  const editor = useRef<EditorHandle>(null);
  const [info, setInfo] = useState(initialInfo);
  const checker = useMemo(
    () => new BufferChecker(info.folder, (path) => backend.readShared(path)),
    [info.folder, backend],
  );
  const [unsaved, setUnsaved] = useState<string[]>(() =>
    store
      .paths()
      // a name the backend cannot hold (a folder path kept before, over the store) is never opened again
      .filter((p) => !initialInfo.files.some((f) => f.path === p) && !backend.pathProblem?.(p)),
  );
  const [open, setOpen] = useState<OpenFile | undefined>(undefined);
  const [openError, setOpenError] = useState<string | undefined>(undefined);
  const [text, setText] = useState('');
  const [check, setCheck] = useState<{ text: string; result: BufferCheck } | undefined>(undefined);
  const [good, setGood] = useState<Good | undefined>(undefined);
  const [history, setHistory] = useState<HistoryDepth>({ undo: 0, redo: 0 });
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<{ etag?: string } | undefined>(undefined);
  const [notice, setNotice] = useState<Notice | undefined>(undefined);
  const [offer, setOffer] = useState<Offer | undefined>(undefined);
  const [keptOff, setKeptOff] = useState(false);
  const [dialog, setDialog] = useState<'new' | 'import' | undefined>(undefined);
  const [tab, setTab] = useState('preview');
  // the view chosen last (builder, JSON, translations) is the one a reload comes back to
  const [view, setViewState] = useState<StudioView>(() => savedView());
  const setView = useCallback((next: StudioView) => {
    setViewState(next);
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      // storage full or off: the view is still chosen, only not kept
    }
  }, []);
  const [selection, setSelection] = useState<BuilderSelection>({ step: 0 });
  /** A problem's place in the builder: its step and field selected, the field's label (else the step) focused. */
  const showInBuilder = useCallback(
    (at: BuilderSelection) => {
      setView('builder');
      setSelection(at);
      // once drawn: the field's properties in view, its label focused (else the step's title)
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const target =
            (at.field ? document.getElementById('antrag-builder-label') : null) ??
            document.querySelector<HTMLElement>('.antrag-builder-step.is-selected .antrag-builder-step-title');
          target?.scrollIntoView({ block: 'center' });
          target?.focus();
        }),
      );
    },
    [setView],
  );
  const [preview, setPreview] = useState<PreviewState>({ step: 0, data: {} });
  const opened = useRef(new Set<string>());
  const phrases = useMemo(() => editorPhrases(t), [t]);
  const openRef = useRef(open);
  openRef.current = open;
  const offerRef = useRef<Offer | undefined>(undefined);
  offerRef.current = offer;

  const known = useCallback(
    (path: string) => info.files.some((f) => f.path === path) || unsaved.includes(path),
    [info.files, unsaved],
  );
  const schemaRef = useCallback((path: string) => relativeSpecifier(dirnameOf(path), info.dslSchema), [info.dslSchema]);

  const refreshList = useCallback(async () => {
    try {
      setInfo(await backend.list());
    } catch {
      // the list stays as it was; the next save or reload tries again
    }
  }, [backend]);

  const openFile = useCallback(
    async (path: string) => {
      setOpenError(undefined);
      setNotice(undefined);
      setConflict(undefined);
      setOffer(undefined);
      const kept = store.get(path);
      const first = !opened.current.has(path);
      opened.current.add(path);
      if (!info.files.some((f) => f.path === path)) {
        // a new file, known only from browser storage
        setOpen({ path, initialText: kept?.text ?? '' });
      } else {
        try {
          const file = await backend.open(path);
          setOpen({ path, diskText: file.text, etag: file.etag, initialText: file.text });
          if (first && kept && kept.text !== file.text) {
            setOffer({ path, text: kept.text, updated: kept.updated, stale: kept.etag !== file.etag });
          }
        } catch (e) {
          setOpenError(t('file.failed', { message: (e as Error).message }));
          return;
        }
      }
      store.lastOpened = path;
      setPreview({ step: 0, data: {} });
      setSelection({ step: 0 });
      setGood(undefined);
      setCheck(undefined);
    },
    [info.files, store, t, backend],
  );

  // the file open last (after a reload), else the first
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    const last = store.lastOpened;
    const start = last && known(last) ? last : (info.files[0]?.path ?? unsaved[0]);
    if (start) void openFile(start);
  }, []);

  // typing pauses: keep the text (until saved) and check it as `antrag validate` would
  useEffect(() => {
    if (!open) return;
    const path = open.path;
    const timer = setTimeout(() => {
      // the kept text is offered back (not restored yet): it stays kept until the offer is answered
      if (open.diskText !== undefined && text === open.diskText) {
        if (offerRef.current?.path !== path) store.drop(path);
      } else if (text !== '' || open.diskText === undefined) setKeptOff(!store.keep(path, text, open.etag));
      void checker.check(path, text).then((result) => {
        if (openRef.current?.path !== path) return;
        setCheck({ text, result });
        if (result.source.form) setGood({ path, text, form: result.source.form });
      });
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, open, checker, store]);

  // the preview follows the step chosen in the builder
  useEffect(() => {
    setPreview((p) => (p.step === selection.step ? p : { ...p, step: selection.step }));
  }, [selection.step]);

  // coming back to the window: the shared parts `$ref`s name may have changed on disk
  useEffect(() => {
    const onFocus = () => checker.forget();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [checker]);

  // one save at a time (a second Ctrl+S while one is on its way would be refused as a conflict)
  const inFlight = useRef(false);
  const save = useCallback(
    async (overwrite?: { etag?: string }) => {
      const file = openRef.current;
      if (!file || inFlight.current) return false;
      inFlight.current = true;
      const current = text;
      setSaving(true);
      setNotice(undefined);
      try {
        const etag = overwrite ? overwrite.etag : file.etag;
        const saved = await backend.save(file.path, current, etag);
        store.drop(file.path);
        setOpen({ ...file, diskText: current, etag: saved.etag });
        setUnsaved((list) => list.filter((p) => p !== file.path));
        setConflict(undefined);
        setNotice({
          type: 'success',
          text: storeBackend
            ? storeBackend.draftSavedText(file.path)
            : t('save.done', { path: checker.fileOf(file.path) }),
        });
        checker.forget();
        void refreshList();
        return true;
      } catch (e) {
        if (e instanceof StudioApiError && e.status === 409) setConflict({ etag: e.etag });
        else setNotice({ type: 'error', text: t('save.failed', { message: (e as Error).message }) });
        return false;
      } finally {
        inFlight.current = false;
        setSaving(false);
      }
    },
    [text, store, t, checker, refreshList, backend, storeBackend],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);

  const startNew = (path: string, content: string) => {
    const problem = backend.pathProblem?.(path);
    if (problem) {
      setNotice({ type: 'error', text: problem });
      return;
    }
    setKeptOff(!store.keep(path, content, undefined));
    setUnsaved((list) => [...new Set([...list, path])].sort());
    opened.current.add(path);
    store.lastOpened = path;
    setOpen({ path, initialText: content });
    setPreview({ step: 0, data: {} });
    setSelection({ step: 0 });
    setGood(undefined);
    setCheck(undefined);
    setOffer(undefined);
    setConflict(undefined);
  };

  const diagnostics = useMemo(
    () => (check ? editorDiagnostics(check.text, check.result.file, check.result.source.diagnostics) : []),
    [check],
  );
  // a problem's line is its identity; the same line twice (two `$ref`s to one broken part) counts on
  const problemKeys = useMemo(() => {
    const seen = new Map<string, number>();
    return (check?.result.lines ?? []).map((line) => {
      const n = seen.get(line) ?? 0;
      seen.set(line, n + 1);
      return `${line}#${n}`;
    });
  }, [check]);
  // the open text as a form, for the CMS export (undefined while it is no JSON object)
  const openDefinition = useMemo(() => {
    const parsed = parseDefinition(text);
    return 'definition' in parsed ? parsed.definition : undefined;
  }, [text]);
  // in the builder a problem inside a field selects that field; in the JSON view it goes to its line
  const problemDefinition = useMemo(() => {
    if (view === 'json' || !check) return undefined;
    const parsed = parseDefinition(check.text);
    return 'definition' in parsed ? parsed.definition : undefined;
  }, [view, check]);
  const dirty = open ? open.diskText === undefined || text !== open.diskText : false;
  const checking = !!open && check?.text !== text;
  const current = good && open && good.path === open.path ? good : undefined;
  const stale = !!current && !!check && check.text === text && !check.result.source.form;

  const fileOptions = [
    ...info.files.map((f) => ({ value: f.path, label: f.label ?? checker.fileOf(f.path) })),
    ...unsaved
      .filter((p) => !info.files.some((f) => f.path === p))
      .map((p) => ({ value: p, label: t('file.unsaved', { path: checker.fileOf(p) }) })),
  ];

  const status = !open
    ? ''
    : saving
      ? t('status.saving')
      : open.diskText === undefined
        ? t('status.new')
        : dirty
          ? t('status.unsaved')
          : t('status.saved');
  const counts = check
    ? check.result.errors + check.result.warnings === 0
      ? t('problems.none')
      : [t.count('problems.errors', check.result.errors), t.count('problems.warnings', check.result.warnings)].join(
          ', ',
        )
    : '';

  return (
    <div className="antrag-studio">
      <header className="antrag-studio-header">
        <h1>{t('studio.title')}</h1>
        <div role="toolbar" aria-label={t('toolbar.label')} className="antrag-studio-toolbar">
          <div className="antrag-studio-field">
            <span>{t('file.label')}</span>
            <Select
              aria-label={t('file.label')}
              value={open?.path}
              style={{ minWidth: 320 }}
              showSearch
              onChange={(path: string) => void openFile(path)}
              options={fileOptions}
            />
          </div>
          {/* a viewer can never save a new form: neither made nor imported */}
          {storeBackend?.role === 'viewer' ? null : <Button onClick={() => setDialog('new')}>{t('action.new')}</Button>}
          {storeBackend?.role === 'viewer' ? null : (
            <Button onClick={() => setDialog('import')}>{t('action.import')}</Button>
          )}
          <ExportCmsButton definition={openDefinition} />
          <Button onClick={() => editor.current?.undo()} disabled={history.undo === 0}>
            {t('action.undo')}
          </Button>
          <Button onClick={() => editor.current?.redo()} disabled={history.redo === 0}>
            {t('action.redo')}
          </Button>
          <Button
            type="primary"
            onClick={() => void save()}
            disabled={!open || !dirty || saving || storeBackend?.role === 'viewer'}
            loading={saving}
          >
            {storeBackend ? t('draft.save') : t('action.save')}
          </Button>
          {storeBackend ? (
            <StoreToolbar
              backend={storeBackend}
              path={open?.path}
              text={text}
              problems={check?.result.errors ?? 0}
              onShowProblem={(pointer) => {
                const parsed = parseDefinition(text);
                const at = 'definition' in parsed ? selectionAt(parsed.definition, pointer) : undefined;
                if (at) showInBuilder(at);
              }}
              saveFirst={() => (dirty ? save() : Promise.resolve(true))}
              onPublished={(_version, message) => {
                const file = openRef.current;
                // the server cleared the draft it published: the next save starts a new one
                if (file) {
                  setOpen({ ...file, diskText: text, etag: undefined });
                  store.drop(file.path);
                }
                setNotice({ type: 'success', text: message });
                void refreshList();
              }}
              onRolledBack={(message) => {
                setNotice({ type: 'success', text: message });
                void refreshList();
                const file = openRef.current;
                // nothing of the author's own is lost: only a form without a draft or edits shows the rollback
                if (file && !file.etag && !dirty) {
                  void backend.open(file.path).then((opened) => {
                    setOpen({ ...file, diskText: opened.text, etag: opened.etag });
                    editor.current?.replaceText(opened.text);
                  });
                }
              }}
            />
          ) : null}
          <span className="antrag-studio-status" role="status" aria-live="polite" data-testid="studio-status">
            {status}
          </span>
        </div>
        {account ? (
          <div className="antrag-studio-account">
            <span>{t('store.account', { email: account.email })}</span>
            <Button onClick={account.onSignOut}>{t('store.signOut')}</Button>
          </div>
        ) : null}
      </header>

      <div className="antrag-studio-notices">
        {info.files.length === 0 && unsaved.length === 0 ? (
          <Alert type="info" showIcon title={t('file.none', { folder: info.folder })} />
        ) : null}
        {openError ? <Alert type="error" showIcon role="alert" title={openError} /> : null}
        {keptOff ? <Alert type="warning" showIcon title={t('status.keptOff')} /> : null}
        {offer && open?.path === offer.path ? (
          <Alert
            type="warning"
            showIcon
            role="alert"
            title={t('restore.title')}
            description={
              <>
                {t('restore.text', { time: new Date(offer.updated).toLocaleString(t.locale) })}
                {offer.stale ? ` ${t('restore.stale')}` : ''}
              </>
            }
            action={
              <div className="antrag-studio-actions">
                <Button
                  type="primary"
                  onClick={() => {
                    editor.current?.replaceText(offer.text);
                    setOffer(undefined);
                  }}
                >
                  {t('restore.restore')}
                </Button>
                <Button
                  onClick={() => {
                    store.drop(offer.path);
                    setOffer(undefined);
                  }}
                >
                  {t('restore.discard')}
                </Button>
              </div>
            }
          />
        ) : null}
        {conflict && open ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={t('save.conflict', { path: checker.fileOf(open.path) })}
            action={
              <div className="antrag-studio-actions">
                <Button danger onClick={() => void save({ etag: conflict.etag })}>
                  {t('save.overwrite')}
                </Button>
                <Button
                  onClick={() => {
                    void backend.open(open.path).then(
                      (file) => {
                        setOpen({ ...open, diskText: file.text, etag: file.etag });
                        editor.current?.replaceText(file.text);
                        setConflict(undefined);
                      },
                      (e: Error) => setNotice({ type: 'error', text: t('file.failed', { message: e.message }) }),
                    );
                  }}
                >
                  {t('save.reload')}
                </Button>
              </div>
            }
          />
        ) : null}
        {notice ? (
          <Alert
            type={notice.type}
            showIcon
            closable
            onClose={() => setNotice(undefined)}
            role={notice.type === 'success' ? 'status' : 'alert'}
            title={notice.text}
            description={
              notice.details?.length ? (
                <ul className="antrag-studio-plain-list">
                  {notice.details.map((d) => (
                    <li key={d}>{d}</li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        ) : null}
      </div>

      <div className="antrag-studio-main">
        <section className="antrag-studio-editor-pane" aria-label={t('editor.label')}>
          <div role="tablist" aria-label={t('view.label')} className="antrag-studio-views">
            {(['builder', 'json', 'translations'] as const).map((v) => (
              <button
                key={v}
                type="button"
                role="tab"
                id={`antrag-studio-view-${v}`}
                aria-selected={view === v}
                aria-controls={`antrag-studio-panel-${v}`}
                tabIndex={view === v ? 0 : -1}
                className="antrag-studio-view-tab"
                onClick={() => setView(v)}
                onKeyDown={(event) => {
                  const order = ['builder', 'json', 'translations'] as const;
                  const at = order.indexOf(view);
                  const to =
                    event.key === 'ArrowRight'
                      ? order[(at + 1) % order.length]
                      : event.key === 'ArrowLeft'
                        ? order[(at + order.length - 1) % order.length]
                        : event.key === 'Home'
                          ? order[0]
                          : event.key === 'End'
                            ? order[order.length - 1]
                            : undefined;
                  if (!to) return;
                  event.preventDefault();
                  setView(to);
                  document.getElementById(`antrag-studio-view-${to}`)?.focus();
                }}
              >
                {t(`view.${v}`)}
              </button>
            ))}
          </div>
          <div
            role="tabpanel"
            id="antrag-studio-panel-builder"
            aria-labelledby="antrag-studio-view-builder"
            hidden={view !== 'builder'}
          >
            {open && view === 'builder' ? (
              <Builder
                text={text}
                onText={(next) => editor.current?.replaceText(next)}
                onUndo={() => editor.current?.undo()}
                selection={selection}
                onSelect={setSelection}
                onOpenJson={() => setView('json')}
              />
            ) : null}
          </div>
          <div
            role="tabpanel"
            id="antrag-studio-panel-json"
            aria-labelledby="antrag-studio-view-json"
            hidden={view !== 'json'}
          >
            {open ? (
              <Editor
                ref={editor}
                docKey={open.path}
                initialText={open.initialText}
                label={`${t('editor.label')}: ${checker.fileOf(open.path)}`}
                phrases={phrases}
                diagnostics={diagnostics}
                onChange={setText}
                onHistory={setHistory}
              />
            ) : null}
          </div>
          <div
            role="tabpanel"
            id="antrag-studio-panel-translations"
            aria-labelledby="antrag-studio-view-translations"
            hidden={view !== 'translations'}
          >
            {open && view === 'translations' ? (
              <TranslationsTab text={text} onText={(next) => editor.current?.replaceText(next)} />
            ) : null}
          </div>
        </section>

        <section className="antrag-studio-output-pane" aria-label={t('tab.label')}>
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              {
                key: 'preview',
                label: t('tab.preview'),
                children: (
                  <Preview form={current?.form} stale={stale} state={preview} onState={setPreview} textOf={formText} />
                ),
              },
              {
                key: 'schema',
                label: t('tab.schema'),
                children: current ? <SchemaOutput form={current.form} textOf={formText} /> : <NothingYet />,
              },
              {
                key: 'ui',
                label: t('tab.uiSchema'),
                children: current ? <UiSchemaOutput form={current.form} /> : <NothingYet />,
              },
              // the TypeScript type comes from `antrag studio`'s server (json-schema-to-typescript needs Node);
              // the main server has no such call, so over the store the tab is not offered (`antrag typegen` is)
              ...(storeBackend
                ? []
                : [
                    {
                      key: 'types',
                      label: t('tab.types'),
                      children:
                        current && tab === 'types' ? (
                          <TypesOutput path={current.path} text={current.text} />
                        ) : (
                          <NothingYet />
                        ),
                    },
                  ]),
              {
                key: 'payload',
                label: t('tab.payload'),
                children: current ? (
                  <PayloadOutput form={current.form} data={preview.data} locale={t.locale} textOf={formText} />
                ) : (
                  <NothingYet />
                ),
              },
            ]}
          />
          <section className="antrag-studio-problems" aria-labelledby="antrag-studio-problems-title">
            <h2 id="antrag-studio-problems-title">
              {t('problems.title')}{' '}
              <span className="antrag-studio-counts" data-testid="studio-problem-count">
                {checking ? t('status.checking') : counts}
              </span>
            </h2>
            <ul className="antrag-studio-problem-list" data-testid="studio-problems">
              {(check?.result.source.diagnostics ?? []).map((d, i) => {
                const placed = diagnostics[i];
                const at = problemDefinition ? selectionAt(problemDefinition, d.pointer ?? '') : undefined;
                return (
                  <li key={problemKeys[i]} className={`antrag-studio-problem is-${d.severity}`}>
                    <button
                      type="button"
                      className="antrag-studio-problem-button"
                      aria-label={`${
                        at?.field
                          ? t('problems.showField', { field: at.field })
                          : t('problems.goTo', { line: placed?.line ?? d.line, column: placed?.column ?? d.column })
                      }: ${check?.result.lines[i]}`}
                      onClick={() => {
                        if (at) {
                          showInBuilder(at);
                          return;
                        }
                        setView('json');
                        editor.current?.goTo(placed?.line ?? d.line, placed?.column ?? d.column);
                      }}
                    >
                      {check?.result.lines[i]}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        </section>
      </div>

      {storeBackend ? (
        <NewStoreFormDialog
          open={dialog === 'new'}
          taken={(id) => known(storeBackend.pathOf(id))}
          onCancel={() => setDialog(undefined)}
          onCreate={(template: TemplateId, id) => {
            setDialog(undefined);
            const path = storeBackend.pathOf(id);
            startNew(path, jsonText(fromTemplate(template, id, schemaRef(path))));
          }}
        />
      ) : null}
      <NewFormDialog
        open={dialog === 'new' && !storeBackend}
        folder={info.folder}
        taken={known}
        onCancel={() => setDialog(undefined)}
        onCreate={(template: TemplateId, path) => {
          setDialog(undefined);
          startNew(path, jsonText(fromTemplate(template, idFromPath(path), schemaRef(path))));
        }}
      />
      <ImportDialog
        open={dialog === 'import'}
        folder={info.folder}
        schemaRef={schemaRef}
        taken={known}
        store={!!storeBackend}
        onCancel={() => setDialog(undefined)}
        onImported={(path, result) => {
          setDialog(undefined);
          // in the store the form's id is its address: the one the name gives
          const definition =
            storeBackend && result.definition
              ? { ...result.definition, id: storeBackend.formIdOf(path) }
              : result.definition;
          startNew(path, jsonText(definition));
          const remarks = result.diagnostics.map((d) => `${d.line}:${d.column} ${d.pointer || '/'} ${d.message}`);
          setNotice({
            type: remarks.length ? 'warning' : 'success',
            text: remarks.length
              ? t('import.remarks', { kind: result.kind ?? '' })
              : t('import.done', { kind: result.kind ?? '', path: checker.fileOf(path) }),
            details: remarks,
          });
        }}
      />
    </div>
  );
}

function NothingYet() {
  const t = useStudioT();
  return <Alert type="info" showIcon title={t('output.none')} />;
}
