import { Form } from '@rjsf/antd';
import type CoreForm from '@rjsf/core';
import type { ErrorSchema, FieldPathList, Registry, RJSFSchema } from '@rjsf/utils';
import { Button, Modal } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { formContextOf, textOr, textsOf } from '../shared/texts.js';
import { dialogUiSchema, isDuplicate, itemLabel, itemValidator, type PayersOptions, uniqueKey } from './itemForm.js';
import type { Payer } from './storage.js';

export type DialogMode = 'add' | 'edit' | 'view';

export interface PayerDialogProps {
  mode: DialogMode;
  /** The payer shown (a copy is edited); empty for a new one. */
  payer: Payer;
  /** Its place in the list; `list.length` for a new payer. */
  index: number;
  list: readonly Payer[];
  listPath: FieldPathList;
  /** Id of the list field; the dialog's inputs are `${fieldId}_item_…`, apart from the step's own fields. */
  fieldId: string;
  itemSchema: RJSFSchema;
  options: PayersOptions;
  registry: Registry;
  /** The payer's name for the title (edit and view). */
  name?: string;
  onSave: (payer: Payer) => void;
  onClose: () => void;
}

/**
 * The sworn statement of one payer: the item fields rendered by RJSF itself with the form's widgets and
 * fields (phone, country, date, upload work as in the step), validated with the step's rules before the
 * payer is taken into the list. View mode shows the same form read-only.
 */
export function PayerDialog(props: PayerDialogProps) {
  const { mode, payer, index, list, listPath, fieldId, itemSchema, options, registry, name, onSave, onClose } = props;
  const { t } = textsOf(registry);
  const { uniqueBy } = options;
  const [item, setItem] = useState<Payer>(payer);
  const [attempted, setAttempted] = useState(false);
  const [duplicate, setDuplicate] = useState(false);
  const [uploads, setUploads] = useState<Record<string, number>>({});
  const formRef = useRef<CoreForm>(null);
  const listRef = useRef(list);
  listRef.current = list;
  const readonly = mode === 'view';

  const registryRef = useRef(registry);
  registryRef.current = registry;
  // one validator while the dialog is open (a new one would make RJSF rebuild its schema utilities); the step's
  // validator and root schema do not change meanwhile, the form data and the list are read when it runs
  const [validator] = useState(() =>
    itemValidator(registry.schemaUtils.getValidator(), {
      rootSchema: registry.rootSchema,
      rootData: () => formContextOf(registryRef.current).formData ?? {},
      listPath,
      list: () => listRef.current,
      index,
    }),
  );
  const uiSchema = useMemo(() => dialogUiSchema(options, t, payer), [options, t, payer]);
  // dependent selects and widgets that fill their siblings work on the payer, not on the step's data
  const formContext = useMemo(
    () => ({
      ...(registry.formContext as object),
      formData: item,
      patch: (values: Payer) => setItem((current) => ({ ...current, ...values })),
      // uploads inside the dialog hold its Save, not the step's Next: a cancelled dialog aborts them
      onUploadChange: (inFlight: number, id: string) =>
        setUploads((current) => (current[id] === inFlight ? current : { ...current, [id]: inFlight })),
    }),
    [registry.formContext, item],
  );
  const uploading = Object.values(uploads).some((n) => n > 0);
  const duplicateMessage = textOr(t, 'payers.duplicate', '{{field}}: a payer with this value is already in the list.', {
    field: uniqueBy ? itemLabel(options, t, uniqueBy) : '',
  });
  const extraErrors = useMemo(
    () => (duplicate && uniqueBy ? ({ [uniqueBy]: { __errors: [duplicateMessage] } } as ErrorSchema) : undefined),
    [duplicate, uniqueBy, duplicateMessage],
  );

  const title =
    mode === 'add'
      ? textOr(t, 'payers.swornStatement', 'Sworn statement')
      : textOr(t, 'payers.swornStatementOf', 'Sworn statement of {{name}}', { name: name ?? '' });

  const save = (data: Payer) => {
    if (isDuplicate(listRef.current, data, index, uniqueBy)) {
      setAttempted(true);
      setDuplicate(true);
      document.getElementById(`${fieldId}_item_${uniqueBy}`)?.focus();
      return;
    }
    onSave(data);
  };

  const footer = readonly
    ? [
        <Button key="close" type="primary" onClick={onClose}>
          {textOr(t, 'payers.close', 'Close')}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          {textOr(t, 'payers.cancel', 'Cancel')}
        </Button>,
        <Button key="save" type="primary" disabled={uploading} onClick={() => formRef.current?.submit()}>
          {mode === 'add' ? textOr(t, 'payers.add', 'Add') : textOr(t, 'payers.save', 'Save')}
        </Button>,
      ];

  return (
    <Modal open title={title} onCancel={onClose} footer={footer} width={720} mask={{ closable: false }}>
      <Form
        ref={formRef}
        schema={itemSchema}
        uiSchema={uiSchema}
        formData={item}
        formContext={formContext}
        validator={validator}
        widgets={registry.widgets}
        fields={registry.fields}
        translateString={registry.translateString}
        idPrefix={`${fieldId}_item`}
        readonly={readonly}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        liveValidate={attempted ? 'onChange' : undefined}
        extraErrors={extraErrors}
        onChange={(e) => {
          const next = (e.formData ?? {}) as Payer;
          if (duplicate && uniqueKey(next, uniqueBy) !== uniqueKey(item, uniqueBy)) setDuplicate(false);
          setItem(next);
        }}
        onError={() => setAttempted(true)}
        onSubmit={(e) => save((e.formData ?? {}) as Payer)}
      />
    </Modal>
  );
}
