import { UploadOutlined } from '@ant-design/icons';
import type { CompiledForm } from '@antrag/core/compile/types';
import type { FieldProps } from '@rjsf/utils';
import { Alert, Button, message, Progress, Upload } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ariaFor } from '../shared/aria.js';
import { FieldLabel } from '../shared/FieldLabel.js';
import { formContextOf, maybe, type Translate, textOr, textsOf, type WidgetFormContext } from '../shared/texts.js';
import { type FileProblem, fileProblem } from '../upload/checks.js';
import { FileList } from '../upload/FileList.js';
import { FilePreview } from '../upload/FilePreview.js';
import { storedFileName } from '../upload/fileName.js';
import { deleteLocalCopy, saveLocalCopy } from '../upload/localCopies.js';
import { missingFirst } from '../upload/requiredFirst.js';
import type { UploadRecord } from '../upload/UploadField.js';
import { ACCOUNT_ID_KEY, browserStorage, LEAD_ID_KEY, PASSPORT_ID_KEY, PassportError } from './api.js';
import { fillValues } from './extracted.js';
import { fieldKindsOf } from './fieldKinds.js';
import { type PassportOutcome, processPassport, type UploadTarget } from './processPassport.js';

/** The runner's formContext as this field uses it (widgets may not import the runner, so typed here). */
interface PassportFormContext extends WidgetFormContext {
  /** Sets other fields' values; `undefined` clears one. */
  patch?: (values: Record<string, unknown>) => void;
  /** The compiled form, for the shapes of the fields filled. */
  form?: CompiledForm;
}

interface PassportUploadOptions {
  accept?: string[];
  mimeTypes?: string[];
  minBytes?: number;
  maxBytes?: number;
  maxFiles?: number;
  messages?: Partial<Record<FileProblem | 'failed', string>>;
  docKey?: string;
  target?: UploadTarget;
  fileNamePrefix?: string;
  hint?: string;
  /** Form field → extracted property. */
  fills?: Record<string, string>;
  /** Browser-storage keys (or form fields) cleared when a new passport is uploaded. */
  clearsStorage?: string[];
}

type Stage = 'idle' | 'uploading' | 'verifying' | 'accepted' | 'review' | 'rejected' | 'failed';

interface Progressing {
  stage: Stage;
  percent: number;
  /** The server's words (verification) or a catalogue text (failure). */
  message?: string;
}

/** The passport goes to the verification and text-extraction services, which read images only. */
const IMAGE_TYPES = ['image/jpeg', 'image/jpg', 'image/png'];
const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png'];

/** The status line; it points to the passport data below only where the field fills such fields (`fills`). */
function stageText(t: Translate, progress: Progressing, fillsFields: boolean): string {
  switch (progress.stage) {
    case 'uploading':
      // no percentage here: the live region would announce every step of it; the progress bar shows it
      return textOr(t, 'passport.uploading', 'Uploading the passport…');
    case 'verifying':
      return textOr(t, 'passport.verifying', 'Verifying the passport and reading its data…');
    case 'accepted':
      return fillsFields
        ? textOr(t, 'passport.accepted', 'Passport verified. Please check the passport data below.')
        : textOr(t, 'passport.acceptedNoFields', 'Passport verified.');
    case 'review':
      return fillsFields
        ? textOr(t, 'passport.review', 'Passport uploaded; it will be reviewed. Please check the passport data below.')
        : textOr(t, 'passport.reviewNoFields', 'Passport uploaded; it will be reviewed.');
    case 'rejected':
      return textOr(t, 'passport.rejected', 'The passport was rejected.');
    default:
      return '';
  }
}

/**
 * `ui:field: passportUpload` (DSL type `passportUpload`): one passport image, checked in the browser, uploaded
 * (signed storage upload and/or the lead's document upload), then verified and read in parallel. The answer
 * fills the passport fields through the runner's `patch` (they stay editable); a rejected passport stops with
 * the server's message. The value is the upload field's: `[{ uid, name, storedName, type, size, status, docId }]`,
 * valid once its status is 'done'. Until then the field reports itself in flight, which holds Next.
 */
export function PassportUploadField(props: FieldProps<UploadRecord[] | undefined>) {
  const { fieldPathId, formData, onChange, disabled, readonly, rawErrors, registry, uiSchema, required, name } = props;
  const id = fieldPathId.$id;
  const options = (uiSchema?.['ui:options'] ?? {}) as PassportUploadOptions;
  const {
    accept = IMAGE_EXTENSIONS,
    mimeTypes = options.accept ? undefined : IMAGE_TYPES,
    minBytes,
    maxBytes,
    maxFiles = 1,
    messages = {},
    docKey,
    target = 'signed',
    fileNamePrefix,
    hint,
    fills,
    clearsStorage,
  } = options;
  const { t, locale } = textsOf(registry);
  const ctx = formContextOf(registry) as PassportFormContext;
  const records = Array.isArray(formData) ? formData : [];
  const [progress, setProgress] = useState<Progressing>({ stage: 'idle', percent: 0 });
  const [problem, setProblem] = useState<string | undefined>();
  // the passport chosen here, for its preview (one restored from a draft shows its local copy)
  const [chosen, setChosen] = useState<{ uid: string; file: File } | undefined>();
  const running = useRef<AbortController | undefined>(undefined);
  const latest = useRef({ onChange, path: fieldPathId.path, ctx, registry });
  latest.current = { onChange, path: fieldPathId.path, ctx, registry };
  const label = maybe(t, uiSchema?.['ui:title']) ?? props.schema.title ?? name;

  const busy = progress.stage === 'uploading' || progress.stage === 'verifying';
  const onUploadChange = ctx.onUploadChange;
  // in the commit that draws the new stage, as the upload field does: Next is held exactly while the passport is busy
  useLayoutEffect(() => {
    onUploadChange?.(busy ? 1 : 0, id);
    // a field that leaves while busy (its run is aborted) must not hold Next of the steps after it
    return () => onUploadChange?.(0, id);
  }, [busy, onUploadChange, id]);
  useEffect(() => () => running.current?.abort(), []);

  const emit = (next: UploadRecord[] | undefined) => latest.current.onChange(next, latest.current.path);

  /**
   * Values for other fields, set once the field's own change has reached the form data. RJSF reports a field's
   * change after its own state update; a `patch` sent before that would be overwritten by the change's data.
   */
  const pending = useRef<{ uid: string; status: UploadRecord['status']; values: Record<string, unknown> }[]>([]);
  const patchAfter = (uid: string, status: UploadRecord['status'], values: Record<string, unknown>) => {
    if (Object.keys(values).length > 0) pending.current.push({ uid, status, values });
  };
  useEffect(() => {
    const held = Array.isArray(formData) ? formData : [];
    const due = pending.current.filter((p) => held.some((r) => r.uid === p.uid && r.status === p.status));
    if (due.length === 0) return;
    pending.current = pending.current.filter((p) => !due.includes(p));
    latest.current.ctx.patch?.(Object.assign({}, ...due.map((p) => p.values)));
  }, [formData]);

  /** Forgets what belonged to the previous passport: the configured storage keys (and fields of those names). */
  const clearPrevious = (uid: string) => {
    const storage = browserStorage();
    const fields: Record<string, unknown> = {};
    for (const key of clearsStorage ?? []) {
      try {
        storage?.removeItem(key);
      } catch {
        // a disabled storage holds nothing to clear
      }
      if (key in (latest.current.ctx.formData ?? {})) fields[key] = undefined;
    }
    patchAfter(uid, 'uploading', fields);
  };

  const fill = (uid: string, outcome: Extract<PassportOutcome, { facts: unknown }>) => {
    const { ctx: current, registry: reg } = latest.current;
    if (!fills || !current.patch) return;
    patchAfter(uid, 'done', fillValues(fills, outcome.facts, fieldKindsOf(current.form, reg)));
  };

  const start = async (file: File) => {
    const storage = browserStorage();
    const leadId = storage?.getItem(LEAD_ID_KEY);
    if (!leadId) {
      setProblem(t('errors.missingLeadId'));
      return;
    }
    const stored = storedFileName(file.name, docKey ?? name, { prefix: fileNamePrefix });
    const named = new File([file], stored, { type: file.type, lastModified: file.lastModified });
    const record: UploadRecord = {
      uid: globalThis.crypto.randomUUID(),
      name: file.name,
      storedName: stored,
      type: file.type,
      size: file.size,
      status: 'uploading',
    };
    clearPrevious(record.uid);
    setChosen({ uid: record.uid, file });
    const previousDocumentId = storage?.getItem(PASSPORT_ID_KEY) ?? undefined;
    if (target !== 'signed') storage?.removeItem(PASSPORT_ID_KEY); // it named the previous passport
    const controller = new AbortController();
    running.current = controller;
    setProgress({ stage: 'uploading', percent: 0 });
    emit([record]);
    const aborted = () => controller.signal.aborted;
    try {
      const outcome = await processPassport({
        file: named,
        target,
        docKey: docKey ?? name,
        leadId,
        blockedAccountNo: storage?.getItem(ACCOUNT_ID_KEY) ?? '',
        previousDocumentId,
        env: { apiBase: ctx.apiBase, language: locale, signal: controller.signal },
        onProgress: (percent) => {
          if (!aborted()) setProgress((p) => (p.stage === 'uploading' ? { ...p, percent } : p));
        },
        onStage: (stage) => {
          if (!aborted()) setProgress((p) => ({ ...p, stage, percent: stage === 'verifying' ? 100 : p.percent }));
        },
      });
      if (aborted()) return;
      if (outcome.status === 'reject') {
        // a rejected passport is not this field's upload: the field is empty again, ready for another file
        emit(undefined);
        setProgress({ stage: 'rejected', percent: 100, message: outcome.message ?? t('errors.documentVerification') });
        return;
      }
      const docId = outcome.docId;
      if (docId) storage?.setItem(PASSPORT_ID_KEY, docId);
      const withDoc = docId ? { ...record, docId } : record;
      fill(record.uid, outcome);
      emit([{ ...withDoc, status: 'done' }]);
      void saveLocalCopy(record.uid, file);
      setProgress({
        stage: outcome.status === 'accept' ? 'accepted' : 'review',
        percent: 100,
        message: outcome.message,
      });
    } catch (error) {
      if (aborted()) return;
      emit(undefined);
      const key = error instanceof PassportError ? error.key : 'errors.passportProcessing';
      if (key === 'upload.failed') {
        message.error(
          t(messages.failed && messages.failed !== 'upload.failed' ? messages.failed : 'upload.fileFailed', {
            name: file.name,
          }),
        );
      } else if (!(error instanceof PassportError)) console.error('passport processing failed', error);
      setProgress({
        stage: 'failed',
        percent: 0,
        message: key === 'upload.failed' ? t('upload.fileFailed', { name: file.name }) : t(key),
      });
    } finally {
      if (running.current === controller) running.current = undefined;
    }
  };

  const remove = () => {
    running.current?.abort();
    running.current = undefined;
    pending.current = [];
    for (const r of records) void deleteLocalCopy(r.uid);
    setProgress({ stage: 'idle', percent: 0 });
    setProblem(undefined);
    emit(undefined);
  };

  const problemText = (p: FileProblem) => t(messages[p] ?? `upload.${p}`, { limit: maxFiles, count: maxFiles });
  const full = records.length >= maxFiles;
  const aria = ariaFor(id, rawErrors);
  const shownStatus = stageText(t, progress, Object.keys(fills ?? {}).length > 0);
  return (
    <div className="antrag-passport-upload" data-stage={progress.stage}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <Upload
        id={id}
        accept={accept.join(',')}
        multiple={false}
        disabled={disabled || readonly || full || busy}
        showUploadList={false}
        beforeUpload={(file) => {
          const { ctx: current } = latest.current;
          const raw = (registry.rootSchema?.properties as Record<string, unknown> | undefined)?.[name];
          // without the form's data (a bare RJSF form) the rule is left to the schema's own check on submit
          const missing = missingFirst(current.formData, raw, props.schema);
          const found = missing
            ? undefined
            : fileProblem(file, records.length, { mimeTypes, minBytes, maxBytes, maxFiles });
          if (missing) setProblem(t(missing.message));
          else if (found) setProblem(problemText(found));
          else {
            setProblem(undefined);
            void start(file);
          }
          return Upload.LIST_IGNORE;
        }}
      >
        <Button
          icon={<UploadOutlined />}
          disabled={disabled || readonly || full || busy}
          {...aria}
          aria-describedby={problem ? `${aria['aria-describedby']} ${id}__problem` : aria['aria-describedby']}
        >
          {textOr(t, 'upload.button', 'Upload')}
        </Button>
      </Upload>
      {hint && <div className="ant-form-item-extra">{t(hint)}</div>}
      {problem && (
        <div id={`${id}__problem`} role="alert" className="ant-form-item-explain-error">
          {problem}
        </div>
      )}
      <FileList
        files={records}
        label={label}
        t={t}
        disabled={disabled || readonly}
        onRemove={remove}
        preview={(r) =>
          r.status === 'done' && (
            <FilePreview
              uid={r.uid}
              name={r.name}
              type={r.type}
              file={chosen?.uid === r.uid ? chosen.file : undefined}
              t={t}
            />
          )
        }
        progress={() =>
          busy && (
            <Progress
              percent={progress.percent}
              size="small"
              status="active"
              aria-label={shownStatus}
              showInfo={progress.stage === 'uploading'}
            />
          )
        }
      />
      {/* one live region for every stage, so screen readers hear uploading → verifying → the result */}
      <div role="status" aria-live="polite" className="antrag-passport-status">
        {progress.stage === 'rejected' || progress.stage === 'failed' ? null : shownStatus}
      </div>
      {progress.stage === 'review' && progress.message && <Alert type="warning" showIcon title={progress.message} />}
      {(progress.stage === 'rejected' || progress.stage === 'failed') && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={progress.stage === 'rejected' ? shownStatus : progress.message}
          description={progress.stage === 'rejected' ? progress.message : undefined}
        />
      )}
    </div>
  );
}
