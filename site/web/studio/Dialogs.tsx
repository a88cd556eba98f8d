/**
 * The studio's two dialogs: a new form from a template, and a CMS definition (pasted or opened from a file)
 * converted into a new form. Both open a new, unsaved file in the editor; saving creates it in the folder.
 */

import type { CmsKind } from '@antrag/core/import';
import { Alert, Button, type GetRef, Input, type InputRef, Modal, Radio, Select } from 'antd';
import { type Ref, useId, useRef, useState } from 'react';
import { useStudioT } from './i18n.js';
import { type CmsImport, importCmsText } from './importCms.js';
import { isFormPath } from './paths.js';
import { TEMPLATE_IDS, type TemplateId } from './templates.js';

interface FileNameProps {
  folder: string;
  value: string;
  onChange(value: string): void;
  taken(path: string): boolean;
  /** The box, for a dialog that opens with the focus in it (not on its close button). */
  inputRef?: Ref<InputRef>;
  /** Enter in the box: the dialog's main action, called only when the name is valid. */
  onEnter(): void;
  /** In the form store a form is `<form id>.form.json`: no folders, the id's letters only. */
  store?: boolean;
}

/**
 * Whether the person is in a text box already: a dialog's first focus (after its opening motion, which can end late
 * on a busy machine) must not pull them out of the box they started typing in.
 */
export function typingElsewhere(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement;
}

/** A form store's file name: the form id (its address, /forms/<id>) and `.form.json`. */
const STORE_FORM_PATH = /^[a-z0-9][a-z0-9-]{0,99}\.form\.json$/;

function fileNameError(
  path: string,
  taken: (p: string) => boolean,
  store?: boolean,
): 'new.pathInvalid' | 'new.exists' | 'store.pathInvalid' | undefined {
  // over the store its own rule is the one to read (no folders, no capitals, no '_')
  if (store && !STORE_FORM_PATH.test(path)) return 'store.pathInvalid';
  if (!isFormPath(path)) return 'new.pathInvalid';
  return taken(path) ? 'new.exists' : undefined;
}

function FileName({ folder, value, onChange, taken, inputRef, onEnter, store }: FileNameProps) {
  const t = useStudioT();
  const id = useId();
  const error = value ? fileNameError(value, taken, store) : undefined;
  return (
    <div className="antrag-studio-dialog-field">
      <label htmlFor={`${id}-path`}>{t('new.path', { folder })}</label>
      <Input
        id={`${id}-path`}
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
        ref={inputRef}
        onPressEnter={() => {
          if (!fileNameError(value, taken, store)) onEnter();
        }}
        aria-describedby={`${id}-help`}
        aria-invalid={error ? true : undefined}
        status={error ? 'error' : undefined}
        placeholder={store ? 'summer-school.form.json' : 'bookings/summer-school.form.json'}
      />
      <div
        id={`${id}-help`}
        className={error ? 'antrag-studio-error-text' : 'antrag-studio-note'}
        role={error ? 'alert' : undefined}
      >
        {error ? t(error) : t(store ? 'store.pathHelp' : 'new.pathHelp')}
      </div>
    </div>
  );
}

interface NewFormDialogProps {
  open: boolean;
  folder: string;
  taken(path: string): boolean;
  onCancel(): void;
  onCreate(template: TemplateId, path: string): void;
}

export function NewFormDialog({ open, folder, taken, onCancel, onCreate }: NewFormDialogProps) {
  const t = useStudioT();
  const [template, setTemplate] = useState<TemplateId>('blank');
  const [path, setPath] = useState('new-form.form.json');
  const invalid = fileNameError(path, taken) !== undefined;
  const box = useRef<InputRef>(null);
  return (
    <Modal
      open={open}
      title={t('new.title')}
      onCancel={onCancel}
      // the file name is what a person changes: the dialog opens there, not on its close button
      afterOpenChange={(opened) => {
        if (opened && !typingElsewhere()) box.current?.focus();
      }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('action.cancel')}
        </Button>,
        <Button key="create" type="primary" disabled={invalid} onClick={() => onCreate(template, path)}>
          {t('new.create')}
        </Button>,
      ]}
    >
      <fieldset className="antrag-studio-dialog-field">
        <legend>{t('new.template')}</legend>
        <Radio.Group
          value={template}
          onChange={(e) => setTemplate(e.target.value as TemplateId)}
          options={TEMPLATE_IDS.map((id) => ({ value: id, label: t(`new.template.${id}`) }))}
          style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
        />
      </fieldset>
      <FileName
        folder={folder}
        value={path}
        onChange={setPath}
        taken={taken}
        inputRef={box}
        onEnter={() => onCreate(template, path)}
      />
    </Modal>
  );
}

interface ImportDialogProps {
  open: boolean;
  folder: string;
  /** `$schema` for a new file at `path`. */
  schemaRef(path: string): string;
  taken(path: string): boolean;
  onCancel(): void;
  onImported(path: string, result: CmsImport): void;
  /** Over the form store: the name is a form id's (`<id>.form.json`). */
  store?: boolean;
}

export function ImportDialog({ open, folder, schemaRef, taken, onCancel, onImported, store }: ImportDialogProps) {
  const t = useStudioT();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const definitionBox = useRef<GetRef<typeof Input.TextArea>>(null);
  const [kind, setKind] = useState<CmsKind | 'auto'>('auto');
  const [text, setText] = useState('');
  const [path, setPath] = useState('imported.form.json');
  const [failed, setFailed] = useState<CmsImport | undefined>(undefined);
  const invalid = fileNameError(path, taken, store) !== undefined || text.trim() === '';

  const convert = () => {
    const result = importCmsText(text, kind, schemaRef(path));
    if (!result.definition || result.diagnostics.some((d) => d.severity === 'error')) {
      setFailed(result);
      return;
    }
    setFailed(undefined);
    onImported(path, result);
  };

  return (
    <Modal
      open={open}
      title={t('import.title')}
      onCancel={onCancel}
      // the definition is what a person brings first (pasted): the dialog opens there, not on its close button
      afterOpenChange={(opened) => {
        if (opened && !typingElsewhere()) definitionBox.current?.focus();
      }}
      destroyOnHidden
      width={720}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('action.cancel')}
        </Button>,
        <Button key="convert" type="primary" disabled={invalid} onClick={convert}>
          {t('import.convert')}
        </Button>,
      ]}
    >
      <div className="antrag-studio-dialog-field">
        <span>{t('import.kind')}</span>
        <Select
          aria-label={t('import.kind')}
          value={kind}
          onChange={setKind}
          style={{ minWidth: 220 }}
          options={(['auto', 'booking-v1', 'booking-v2', 'review'] as const).map((k) => ({
            value: k,
            label: k === 'auto' ? t('import.auto') : t(`import.${k}`),
          }))}
        />
      </div>
      <div className="antrag-studio-dialog-field">
        <label htmlFor={`${id}-text`}>{t('import.text')}</label>
        <Input.TextArea
          id={`${id}-text`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          ref={definitionBox}
          rows={10}
          spellCheck={false}
          placeholder={t('import.empty')}
          className="antrag-studio-mono"
        />
        <div>
          <Button onClick={() => fileInput.current?.click()}>{t('import.open')}</Button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            aria-label={t('import.openLabel')}
            className="antrag-studio-visually-hidden"
            tabIndex={-1}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              void file.text().then((content) => {
                setText(content);
                setFailed(undefined);
                const bare = file.name.replace(/(\.cms)?\.json$/i, '');
                // a form store's id: lower-case letters, digits and hyphens only
                const stem = store
                  ? bare
                      .toLowerCase()
                      .replace(/[^a-z0-9-]+/g, '-')
                      .replace(/^-+|-+$/g, '')
                      .slice(0, 100)
                  : bare.replace(/[^A-Za-z0-9_-]+/g, '-');
                if (stem) setPath(`${stem}.form.json`);
              });
              e.target.value = '';
            }}
          />
        </div>
      </div>
      <FileName
        folder={folder}
        value={path}
        onChange={setPath}
        taken={taken}
        store={store}
        onEnter={() => {
          if (!invalid) convert();
        }}
      />
      {failed ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('import.failed')}
          description={
            <ul className="antrag-studio-plain-list">
              {failed.diagnostics.map((d) => (
                <li key={`${d.line}:${d.column}:${d.code}:${d.message}`}>
                  {d.line}:{d.column} {d.pointer || '/'} {d.message}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Modal>
  );
}
