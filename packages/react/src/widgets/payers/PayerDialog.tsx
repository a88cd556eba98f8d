import { Form } from '@rjsf/antd';
import type CoreForm from '@rjsf/core';
import type { ErrorSchema, FieldPathList, Registry, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { Button, Modal } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formContextOf, textOr, textsOf } from '../shared/texts.js';
import type { LeadDocumentUpload, LeadUploadContext } from '../upload/leadUpload.js';
import { dialogUiSchema, isDuplicate, itemLabel, itemValidator, type PayersOptions, uniqueKey } from './itemForm.js';
import type { Payer } from './storage.js';
import { itemTransformNames, transformPayer } from './transforms.js';

export type DialogMode = 'add' | 'edit' | 'view';

/** How saving went: on failure the dialog stays open, with the server's message per field where it sent one. */
export type SaveOutcome = { ok: true } | { ok: false; fieldErrors: Record<string, string> };

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
  /** Saves the payer (on the server); the dialog is closed by the caller on success. */
  onSave: (payer: Payer) => Promise<SaveOutcome>;
  onClose: () => void;
  /** The lead-level upload of this payer's files (upload fields with `target: 'lead'`). */
  uploadDocument?: LeadDocumentUpload;
}

/**
 * Focuses the control of the error whose field comes first in the dialog (the field's element, else the first
 * control inside its element: radio groups and uploads carry the id on a wrapper).
 */
function focusFirstInvalid(
  formElement: HTMLElement | null | undefined,
  idPrefix: string,
  errors: RJSFValidationError[],
) {
  if (!formElement) return;
  const controls: HTMLElement[] = [];
  for (const error of errors) {
    const path = (error.property ?? '').split('.').filter(Boolean);
    // a nested value's message (the phone's number) may sit at its field's element
    const el =
      formElement.ownerDocument.getElementById(`${idPrefix}_${path.join('_')}`) ??
      formElement.ownerDocument.getElementById(`${idPrefix}_${path[0] ?? ''}`);
    const control = el && !el.matches(FOCUSABLE) ? el.querySelector<HTMLElement>(FOCUSABLE) : el;
    if (control && formElement.contains(control)) controls.push(control);
  }
  const first = controls.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
  first?.focus();
}

const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The dialog of one payer (add, edit, or view its sworn statement): the item fields rendered by RJSF itself with the form's widgets and
 * fields (phone, country, date, upload work as in the step), their transforms applied as the engine applies
 * a step's, validated with the step's rules before the payer is saved and taken into the list. Files go to
 * the lead (`uploadDocument`). View mode shows the same form read-only.
 */
export function PayerDialog(props: PayerDialogProps) {
  const {
    mode,
    payer,
    index,
    list,
    listPath,
    fieldId,
    itemSchema,
    options,
    registry,
    name,
    onSave,
    onClose,
    uploadDocument,
  } = props;
  const { t } = textsOf(registry);
  const { uniqueBy } = options;
  const [item, setItem] = useState<Payer>(payer);
  const [attempted, setAttempted] = useState(false);
  const [duplicate, setDuplicate] = useState(false);
  const [uploads, setUploads] = useState<Record<string, number>>({});
  const [saving, setSaving] = useState(false);
  /** The server's message per field after a refused save; a field's goes when its value changes. */
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const transformNames = useMemo(() => itemTransformNames(options), [options]);
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
      uploadLeadDocument: uploadDocument,
    }),
    [registry.formContext, item, uploadDocument],
  ) satisfies LeadUploadContext;
  const uploading = Object.values(uploads).some((n) => n > 0);
  const duplicateMessage = textOr(t, 'payers.duplicate', '{{field}}: a payer with this value is already in the list.', {
    field: uniqueBy ? itemLabel(options, t, uniqueBy) : '',
  });
  const extraErrors = useMemo(() => {
    const errors: Record<string, { __errors: string[] }> = {};
    for (const [field, message] of Object.entries(serverErrors)) errors[field] = { __errors: [message] };
    if (duplicate && uniqueBy) errors[uniqueBy] = { __errors: [duplicateMessage] };
    return Object.keys(errors).length > 0 ? (errors as ErrorSchema) : undefined;
  }, [serverErrors, duplicate, uniqueBy, duplicateMessage]);

  // spec 000 §2: one dialog "to add, edit or view the sworn statement"; only viewing shows the statement
  const title =
    mode === 'add'
      ? textOr(t, 'payers.addPayer', 'Add payer')
      : mode === 'edit'
        ? textOr(t, 'payers.editPayer', 'Edit payer')
        : name
          ? textOr(t, 'payers.swornStatementOf', 'Sworn statement of {{name}}', { name })
          : textOr(t, 'payers.swornStatement', 'Sworn statement');

  const save = async (submitted: Payer) => {
    // every transform, trim included, as a step commits its fields when it is left
    const data = transformPayer(submitted, transformNames, 'all');
    if (data !== submitted) setItem(data);
    if (isDuplicate(listRef.current, data, index, uniqueBy)) {
      setAttempted(true);
      setDuplicate(true);
      document.getElementById(`${fieldId}_item_${uniqueBy}`)?.focus();
      return;
    }
    setSaving(true);
    const outcome = await onSave(data);
    if (!mounted.current) return;
    setSaving(false);
    if (!outcome.ok) {
      setAttempted(true);
      setServerErrors(outcome.fieldErrors);
    }
  };
  const cancel = () => {
    // a save under way finishes first: its answer decides whether the payer is in the list
    if (!saving) onClose();
  };

  const footer = readonly
    ? [
        <Button key="close" type="primary" onClick={onClose}>
          {textOr(t, 'payers.close', 'Close')}
        </Button>,
      ]
    : [
        <Button key="cancel" disabled={saving} onClick={cancel}>
          {textOr(t, 'payers.cancel', 'Cancel')}
        </Button>,
        <Button
          key="save"
          type="primary"
          disabled={uploading}
          loading={saving}
          onClick={() => formRef.current?.submit()}
        >
          {mode === 'add' ? textOr(t, 'payers.add', 'Add') : textOr(t, 'payers.save', 'Save')}
        </Button>,
      ];

  return (
    <Modal open title={title} onCancel={cancel} footer={footer} width={720} mask={{ closable: false }}>
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
        // the errors come in the order the rules ran, not the fields': the first field in the dialog gets the focus
        focusOnFirstError={false}
        liveValidate={attempted ? 'onChange' : undefined}
        extraErrors={extraErrors}
        onChange={(e) => {
          const next = transformPayer((e.formData ?? {}) as Payer, transformNames, 'input');
          if (duplicate && uniqueKey(next, uniqueBy) !== uniqueKey(item, uniqueBy)) setDuplicate(false);
          const changed = Object.keys(serverErrors).filter(
            (field) => JSON.stringify(next[field]) !== JSON.stringify(item[field]),
          );
          if (changed.length > 0)
            setServerErrors((current) =>
              Object.fromEntries(Object.entries(current).filter(([field]) => !changed.includes(field))),
            );
          setItem(next);
        }}
        onError={(errors) => {
          setAttempted(true);
          focusFirstInvalid(formRef.current?.formElement.current, `${fieldId}_item`, errors);
        }}
        onSubmit={(e) => void save((e.formData ?? {}) as Payer)}
      />
    </Modal>
  );
}
