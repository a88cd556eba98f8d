/**
 * "New form" in the form store: a template and the form's id (its address, `/forms/<id>`), checked as the server
 * checks ids and against the forms the store has. The new form opens unsaved; "Save draft" stores it.
 */
import { Button, Input, type InputRef, Modal, Radio } from 'antd';
import { useId, useRef, useState } from 'react';
import { typingElsewhere } from './Dialogs.js';
import { useStudioT } from './i18n.js';
import { TEMPLATE_IDS, type TemplateId } from './templates.js';

/** A form id as the server takes it (`FORM_ID` of site/server/routes/forms.ts). */
export const STORE_FORM_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

interface NewStoreFormDialogProps {
  open: boolean;
  /** Whether the store (or this page) has a form with this id already. */
  taken(id: string): boolean;
  onCancel(): void;
  onCreate(template: TemplateId, id: string): void;
}

export function NewStoreFormDialog({ open, taken, onCancel, onCreate }: NewStoreFormDialogProps) {
  const t = useStudioT();
  const field = useId();
  const [template, setTemplate] = useState<TemplateId>('blank');
  const [id, setId] = useState('');
  const error = !id
    ? undefined
    : !STORE_FORM_ID.test(id)
      ? 'store.formIdInvalid'
      : taken(id)
        ? 'store.formIdTaken'
        : undefined;
  const ready = !!id && !error;
  const box = useRef<InputRef>(null);
  return (
    <Modal
      open={open}
      title={t('store.newTitle')}
      onCancel={onCancel}
      // the id is what a person must type (the template has a default): the dialog opens there, not on ×
      afterOpenChange={(opened) => {
        if (opened && !typingElsewhere()) box.current?.focus();
      }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('action.cancel')}
        </Button>,
        <Button key="create" type="primary" disabled={!ready} onClick={() => onCreate(template, id)}>
          {t('new.create')}
        </Button>,
      ]}
    >
      <fieldset className="antrag-studio-dialog-field">
        <legend>{t('new.template')}</legend>
        <Radio.Group
          value={template}
          onChange={(e) => setTemplate(e.target.value as TemplateId)}
          options={TEMPLATE_IDS.map((tid) => ({ value: tid, label: t(`new.template.${tid}`) }))}
          style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
        />
      </fieldset>
      <div className="antrag-studio-dialog-field">
        <label htmlFor={`${field}-id`}>{t('store.formId')}</label>
        <Input
          id={`${field}-id`}
          value={id}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setId(e.target.value.trim())}
          ref={box}
          onPressEnter={() => {
            if (ready) onCreate(template, id);
          }}
          aria-describedby={`${field}-help`}
          aria-invalid={error ? true : undefined}
          status={error ? 'error' : undefined}
          placeholder="summer-school-booking"
        />
        <div
          id={`${field}-help`}
          className={error ? 'antrag-studio-error-text' : 'antrag-studio-note'}
          role={error ? 'alert' : undefined}
        >
          {error ? t(error) : t('store.formIdHelp', { example: id || 'summer-school-booking' })}
        </div>
      </div>
    </Modal>
  );
}
