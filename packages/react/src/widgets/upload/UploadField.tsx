import { UploadOutlined } from '@ant-design/icons';
import type { FieldProps } from '@rjsf/utils';
import { Button, message, Progress, Upload } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ariaFor } from '../shared/aria.js';
import { FieldLabel } from '../shared/FieldLabel.js';
import { formContextOf, maybe, textOr, textsOf } from '../shared/texts.js';
import { type FileProblem, fileProblem } from './checks.js';
import { FileList } from './FileList.js';
import { FilePreview } from './FilePreview.js';
import { storedFileName } from './fileName.js';
import { leadUploadFor, MissingLeadError } from './leadUpload.js';
import { deleteLocalCopy, saveLocalCopy } from './localCopies.js';
import { missingFirst } from './requiredFirst.js';
import { type SignedUploadHandle, signedUpload } from './signedUpload.js';

export type UploadStatus = 'uploading' | 'done' | 'error';

/** One uploaded-file record as kept in the form data. */
export interface UploadRecord {
  uid: string;
  name: string;
  storedName?: string;
  type: string;
  size: number;
  status: UploadStatus;
  /** The lead-level document's id (`doc_id`), when the file went to the lead (`target: 'lead'`). */
  docId?: string;
}

interface Item extends UploadRecord {
  percent: number;
}

interface UploadOptions {
  accept?: string[];
  mimeTypes?: string[];
  minBytes?: number;
  maxBytes?: number;
  maxFiles?: number;
  messages?: Partial<Record<FileProblem | 'failed', string>>;
  docKey?: string;
  /** A field whose value is the document kind (the chosen eligibility document). */
  docKeyFrom?: string;
  target?: string;
  fileNamePrefix?: string;
  hint?: string;
}

const toRecord = ({ percent: _p, ...record }: Item): UploadRecord => record;

/**
 * Files checked in the browser (type, size, count), then uploaded through the signed-upload sequence.
 * The value is an array of `{ uid, name, storedName, type, size, status }`; it is valid once every status is 'done'.
 */
export function UploadField(props: FieldProps<UploadRecord[] | undefined>) {
  const { fieldPathId, formData, onChange, disabled, readonly, rawErrors, registry, uiSchema, required, name } = props;
  const id = fieldPathId.$id;
  const options = (uiSchema?.['ui:options'] ?? {}) as UploadOptions;
  const {
    accept,
    mimeTypes,
    minBytes,
    maxBytes,
    maxFiles = 1,
    messages = {},
    docKey: fixedDocKey,
    docKeyFrom,
    target,
    fileNamePrefix,
    hint,
  } = options;
  const { t, locale } = textsOf(registry);
  const ctx = formContextOf(registry);
  const chosenKind = docKeyFrom ? ctx.formData?.[docKeyFrom] : undefined;
  const docKey = fixedDocKey ?? (typeof chosenKind === 'string' && chosenKind ? chosenKind : undefined);
  const [items, setItems] = useState<Item[]>(() =>
    (Array.isArray(formData) ? formData : [])
      // only file records (a record without a name is no file: e.g. an empty item from a default)
      .filter((r) => r && typeof r === 'object' && typeof r.name === 'string')
      .map((r) => ({ ...r, percent: r.status === 'done' ? 100 : 0 })),
  );
  // the last refused file's problem; `first`: refused for a field to fill first, which goes once that is filled
  const [refusal, setProblem] = useState<{ text: string; first?: boolean } | undefined>();
  // the files chosen here, for their previews (a file restored from a draft shows its local copy)
  const [chosen, setChosen] = useState<ReadonlyMap<string, File>>(() => new Map());
  const itemsRef = useRef(items);
  const handles = useRef(new Map<string, SignedUploadHandle>());
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const pathRef = useRef(fieldPathId.path);
  pathRef.current = fieldPathId.path;
  const label = maybe(t, uiSchema?.['ui:title']) ?? props.schema.title ?? name;

  const onUploadChangeRef = useRef(ctx.onUploadChange);
  onUploadChangeRef.current = ctx.onUploadChange;
  const idRef = useRef(id);
  idRef.current = id;
  const reported = useRef(0);

  /** Applies a change to the list; the form value changes only when a status or the set of files changes. */
  const update = (change: (list: Item[]) => Item[], emit: boolean) => {
    const next = change(itemsRef.current);
    itemsRef.current = next;
    setItems(next);
    if (emit) onChangeRef.current(next.length > 0 ? next.map(toRecord) : undefined, pathRef.current);
  };

  useEffect(() => {
    const records = Array.isArray(formData) ? formData : [];
    const current = itemsRef.current;
    if (current.some((i) => i.status === 'uploading')) return;
    const same =
      records.length === current.length &&
      records.every((r, k) => r.uid === current[k].uid && r.status === current[k].status);
    if (same) return;
    const next = records.map((r) => ({ ...r, percent: r.status === 'done' ? 100 : 0 }));
    itemsRef.current = next;
    setItems(next);
  }, [formData]);

  // The wizard holds Next while files upload. It hears the count in the commit that draws the new status: this
  // layout effect runs before RJSF's Form hands the new value to the wizard (in its setState callback, after its
  // children's layout effects), so the wizard takes both in one render. From an effect after the render, the wizard
  // held Next for a file already done; told before the value (in the change itself), the wizard redrew the form with
  // the value from before the change, which RJSF then took back as its own (the file showed 'uploading' for ever).
  const inFlight = items.filter((i) => i.status === 'uploading').length;
  useLayoutEffect(() => {
    reported.current = inFlight;
    onUploadChangeRef.current?.(inFlight, idRef.current);
  }, [inFlight]);
  useEffect(() => {
    const open = handles.current;
    return () => {
      for (const h of open.values()) h.abort();
      // the aborted uploads hold Next no longer
      if (reported.current) onUploadChangeRef.current?.(0, idRef.current);
    };
  }, []);

  const problemText = (p: FileProblem) => t(messages[p] ?? `upload.${p}`, { limit: maxFiles, count: maxFiles });
  const failedText = (fileName: string) =>
    t(messages.failed && messages.failed !== 'upload.failed' ? messages.failed : 'upload.fileFailed', {
      name: fileName,
    });
  // the lead's document upload: the surrounding form's own (the payer dialog's, with the payer) or the lead's
  const leadUpload = leadUploadFor(registry.formContext, target, docKey, { apiBase: ctx.apiBase, language: locale });

  /** A file to the lead (and for `target: 'both'` to the signed storage too); done when every part is. */
  const startLead = (file: File, uid: string, stored: string, patch: (p: Partial<Item>, emit: boolean) => void) => {
    if (!leadUpload || !docKey) return;
    const controller = new AbortController();
    let signed: SignedUploadHandle | undefined;
    handles.current.set(uid, {
      abort: () => {
        controller.abort();
        signed?.abort();
      },
    });
    const signedPart =
      target === 'both'
        ? new Promise<void>((resolve, reject) => {
            signed = signedUpload({
              file,
              fileName: stored,
              apiBase: ctx.apiBase,
              onProgress: (percent) => patch({ percent }, false),
              onSuccess: () => resolve(),
              onError: reject,
            });
          })
        : Promise.resolve();
    Promise.all([Promise.resolve().then(() => leadUpload(file, docKey, controller.signal)), signedPart]).then(
      ([docId]) => {
        if (controller.signal.aborted) return;
        handles.current.delete(uid);
        patch({ status: 'done', percent: 100, docId }, true);
        void saveLocalCopy(uid, file);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        handles.current.delete(uid);
        patch({ status: 'error' }, true);
        message.error(error instanceof MissingLeadError ? t('errors.missingLeadId') : failedText(file.name));
      },
    );
  };

  const start = (file: File) => {
    const uid = globalThis.crypto.randomUUID();
    setChosen((files) => new Map(files).set(uid, file));
    const stored = storedFileName(file.name, docKey ?? name, { prefix: fileNamePrefix });
    update(
      (list) => [
        ...list,
        { uid, name: file.name, storedName: stored, type: file.type, size: file.size, status: 'uploading', percent: 0 },
      ],
      true,
    );
    const patch = (p: Partial<Item>, emit: boolean) =>
      update((list) => list.map((i) => (i.uid === uid ? { ...i, ...p } : i)), emit);
    if (leadUpload) {
      startLead(file, uid, stored, patch);
      return;
    }
    try {
      const handle = signedUpload({
        file,
        fileName: stored,
        apiBase: ctx.apiBase,
        onProgress: (percent) => patch({ percent }, false),
        onSuccess: () => {
          handles.current.delete(uid);
          patch({ status: 'done', percent: 100 }, true);
          void saveLocalCopy(uid, file);
        },
        onError: () => {
          handles.current.delete(uid);
          patch({ status: 'error' }, true);
          message.error(failedText(file.name));
        },
      });
      handles.current.set(uid, handle);
    } catch {
      patch({ status: 'error' }, true);
      message.error(t('upload.fileFailed', { name: file.name }));
    }
  };

  const remove = (uid: string) => {
    handles.current.get(uid)?.abort();
    handles.current.delete(uid);
    update((list) => list.filter((i) => i.uid !== uid), true);
    setChosen((files) => {
      const rest = new Map(files);
      rest.delete(uid);
      return rest;
    });
    void deleteLocalCopy(uid);
  };

  const full = items.length >= maxFiles;
  const problemId = `${id}__problem`;
  const rootRaw = (registry.rootSchema?.properties as Record<string, unknown> | undefined)?.[name];
  const problem =
    refusal?.first && !missingFirst(formContextOf(registry).formData, rootRaw, props.schema)
      ? undefined
      : refusal?.text;
  const fieldAria = ariaFor(id, rawErrors);
  // the button is what takes the focus: it says when the field or the last refused file is wrong, and why
  const aria = {
    'aria-invalid': fieldAria['aria-invalid'] || !!problem,
    'aria-describedby': problem ? `${problemId} ${fieldAria['aria-describedby']}` : fieldAria['aria-describedby'],
  };
  return (
    <div>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <Upload
        id={id}
        accept={accept?.join(',')}
        multiple={maxFiles > 1}
        disabled={disabled || readonly || full}
        showUploadList={false}
        beforeUpload={(file, picked) => {
          // a field the upload needs first (the eligibility document's kind): refused, nothing listed or sent
          const missing = missingFirst(formContextOf(registry).formData, rootRaw, props.schema);
          if (missing) {
            setProblem({ text: t(missing.message), first: true });
            return Upload.LIST_IGNORE;
          }
          // count this pick's earlier accepted files too
          const index = picked.indexOf(file);
          const earlier = picked
            .slice(0, index)
            .filter((f) => !fileProblem(f, 0, { mimeTypes, minBytes, maxBytes, maxFiles: Infinity })).length;
          const found = fileProblem(file, itemsRef.current.length + earlier, {
            mimeTypes,
            minBytes,
            maxBytes,
            maxFiles,
          });
          if (found) {
            setProblem({ text: problemText(found) });
          } else {
            setProblem(undefined);
            start(file);
          }
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled || readonly || full} {...aria}>
          {textOr(t, 'upload.button', 'Upload')}
        </Button>
      </Upload>
      {hint && <div className="ant-form-item-extra">{t(hint)}</div>}
      {problem && (
        <div id={problemId} role="alert" className="ant-form-item-explain-error">
          {problem}
        </div>
      )}
      <FileList
        files={items}
        label={label}
        t={t}
        disabled={disabled || readonly}
        onRemove={(item) => remove(item.uid)}
        preview={(item) =>
          item.status === 'done' && (
            <FilePreview uid={item.uid} name={item.name} type={item.type} file={chosen.get(item.uid)} t={t} />
          )
        }
        progress={(item) =>
          item.status !== 'done' && (
            <Progress
              percent={item.percent}
              size="small"
              status={item.status === 'error' ? 'exception' : 'active'}
              aria-label={item.name}
            />
          )
        }
      />
    </div>
  );
}
