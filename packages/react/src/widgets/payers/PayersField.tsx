import { PlusOutlined } from '@ant-design/icons';
import type { CompiledForm } from '@antrag/core/compile/types';
import type { FieldProps } from '@rjsf/utils';
import { Button, message, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/index.js';
import { type RefObject, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatComputed } from '../computed/format.js';
import { FieldLabel } from '../shared/FieldLabel.js';
import { formContextOf, maybe, type Translate, textOr, textsOf } from '../shared/texts.js';
import type { LeadDocumentUpload } from '../upload/leadUpload.js';
import { removePayer, savePayer, storedLeadId, uploadPayerDocument } from './api.js';
import {
  ID_FIELD,
  itemLabel,
  itemSchemaOf,
  maxItemsOf,
  type PayersOptions,
  payerName,
  shownIndices,
  uniqueKey,
} from './itemForm.js';
import { type DialogMode, PayerDialog, type SaveOutcome } from './PayerDialog.js';
import {
  CURRENT_ID_KEY,
  EMAILS_KEY,
  type Payer,
  removeFromDraft,
  replaceStoredEmail,
  setCurrentPayerId,
} from './storage.js';

/** Item fields summarised in the table after the name, when the item has them (spec §2: the payers table). */
const SUMMARY_FIELDS = ['relationshipWithApplicant', 'transferedAmount'];

interface Row {
  key: string;
  index: number;
  payer: Payer;
}

function hasValue(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** A value as the table shows it, by the item field's type (currency and dates as the computed fields show them). */
function cellText(value: unknown, fieldType: unknown, locale: string): string {
  if (!hasValue(value)) return '';
  if (fieldType === 'currency' || fieldType === 'date') return formatComputed(value, fieldType, locale);
  if (typeof value === 'object' && value && 'name' in value) return String((value as { name: unknown }).name ?? '');
  if (Array.isArray(value))
    return value.map((v) => (v && typeof v === 'object' && 'name' in v ? v.name : v)).join(', ');
  return String(value);
}

function errorCount(node: unknown): number {
  if (!node || typeof node !== 'object') return 0;
  return Object.entries(node as Record<string, unknown>).reduce(
    (n, [k, v]) => n + (k === '__errors' && Array.isArray(v) ? v.length : errorCount(v)),
    0,
  );
}

/**
 * Whether the element's content is wider than the element (the payers table on a phone). Checked after every
 * render (rows come and go) and whenever the element's size changes.
 */
function useOverflowing(ref: RefObject<HTMLElement | null>): boolean {
  const [overflowing, setOverflowing] = useState(false);
  const check = useCallback(() => {
    const element = ref.current;
    if (element) setOverflowing(element.scrollWidth > element.clientWidth + 1);
  }, [ref]);
  useLayoutEffect(check);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, check]);
  return overflowing;
}

/**
 * The payers of an application (spec §2 Payers step): a table with Edit, View and Delete per payer, an
 * 'Add payer' button, and the sworn-statement dialog (`PayerDialog`). The list is shown de-duplicated by
 * `uniqueBy`. The dialog's save stores the payer on the server for the lead of browser storage `leadId`
 * (POST {host}/api/v1/lead/payer, or PUT …/{payerId} for a payer it knows: our call, the spec shows none)
 * and keeps the answered id as `payerId`; the payer's files go to the lead's documents, with `payer_id` once
 * it has one. A payer the server knows is deleted there first (DELETE {host}/api/v1/lead/payer/{id}) and
 * leaves the list, the stored e-mails and the saved draft only when the server answers 200.
 */
export function PayersField(props: FieldProps<Payer[] | undefined>) {
  const { fieldPathId, formData, onChange, disabled, readonly, rawErrors, errorSchema, registry, uiSchema, schema } =
    props;
  const id = fieldPathId.$id;
  const options = (uiSchema?.['ui:options'] ?? {}) as PayersOptions;
  const { uniqueBy } = options;
  const emailsKey = options.emailsStorageKey ?? EMAILS_KEY;
  const idKey = options.currentIdStorageKey ?? CURRENT_ID_KEY;
  const { t, locale } = textsOf(registry);
  const ctx = formContextOf(registry);
  const list = useMemo(() => (Array.isArray(formData) ? formData : []), [formData]);
  const listRef = useRef(list);
  listRef.current = list;
  // the hook's toasts take the surrounding theme and locale (antd's static `message` cannot)
  const [toast, toastHolder] = message.useMessage();
  const [dialog, setDialog] = useState<{ mode: DialogMode; index: number; opened: number } | undefined>();
  const openings = useRef(0);
  const itemSchema = useMemo(() => itemSchemaOf(schema), [schema]);
  const scroller = useRef<HTMLElement>(null);
  const overflowing = useOverflowing(scroller);
  const maxItems = maxItemsOf(schema);
  const full = maxItems !== undefined && list.length >= maxItems;
  const locked = disabled || readonly;
  const label = maybe(t, uiSchema?.['ui:title']) ?? schema.title ?? props.name;
  const labelId = `${id}__label`;
  const path = fieldPathId.path;
  const emailField = uniqueBy ?? 'email';
  const emailOf = (payer: Payer | undefined) =>
    typeof payer?.[emailField] === 'string' ? (payer[emailField] as string) : undefined;
  const nameOf = (payer: Payer, index: number) =>
    payerName(payer, uniqueBy) ?? textOr(t, 'payers.unnamed', 'Payer {{number}}', { number: index + 1 });

  const emit = (next: Payer[]) => onChange(next, path);

  const open = (mode: DialogMode, index: number) => {
    // spec §3: the payer being edited is kept in browser storage (the lead-level uploads name it)
    if (mode === 'edit') setCurrentPayerId(list[index]?.[ID_FIELD], idKey);
    openings.current += 1;
    setDialog({ mode, index, opened: openings.current });
  };
  // spec §4: Cancel or create clears the stored payer id
  const close = () => {
    setCurrentPayerId(undefined, idKey);
    setDialog(undefined);
  };
  const api = { apiBase: ctx.apiBase, language: locale };
  const save = async (payer: Payer): Promise<SaveOutcome> => {
    if (!dialog) return { ok: false, fieldErrors: {} };
    const leadId = storedLeadId();
    if (!leadId) {
      toast.error(textOr(t, 'errors.missingLeadId', 'Missing lead identifier. Please complete Step 1 first.'));
      return { ok: false, fieldErrors: {} };
    }
    const answer = await savePayer(leadId, payer, api);
    if (!answer.ok) {
      toast.error(answer.message ?? textOr(t, 'payers.saveFailed', 'Failed to save payer'));
      return { ok: false, fieldErrors: answer.fieldErrors };
    }
    const current = listRef.current;
    const previous = current[dialog.index];
    const saved: Payer = { ...payer, [ID_FIELD]: answer.payerId };
    const next = [...current];
    next[dialog.index] = saved;
    // the server keeps one payer per e-mail address: another entry with the id it answered was this payer
    emit(next.filter((other, i) => i === dialog.index || String(other[ID_FIELD] ?? '') !== answer.payerId));
    replaceStoredEmail(emailOf(previous), emailOf(saved), emailsKey);
    toast.success(
      hasValue(previous?.[ID_FIELD])
        ? textOr(t, 'payers.updated', 'Payer updated successfully')
        : textOr(t, 'payers.added', 'Payer added successfully'),
    );
    close();
    return { ok: true };
  };
  // the files of the payer in the dialog: with its id once the server gave it one
  const dialogPayerId = dialog ? listRef.current[dialog.index]?.[ID_FIELD] : undefined;
  const uploadDocument = useCallback<LeadDocumentUpload>(
    async (file, docKey, signal) => {
      const leadId = storedLeadId();
      if (!leadId) throw new Error('no lead id in browser storage');
      const payerId = hasValue(dialogPayerId) ? String(dialogPayerId) : undefined;
      return uploadPayerDocument(file, { leadId, docKey, payerId }, { apiBase: ctx.apiBase, language: locale, signal });
    },
    [dialogPayerId, ctx.apiBase, locale],
  );

  const remove = async (index: number) => {
    const payer = listRef.current[index];
    if (!payer) return;
    const serverId = payer[ID_FIELD];
    if (hasValue(serverId)) {
      const removed = await removePayer(String(serverId), api);
      if (!removed) {
        toast.error(textOr(t, 'payers.removeFailed', 'Failed to remove payer'));
        return;
      }
    }
    // the same payer in the list and in the stored draft: by server id, else by the unique value, else as a whole
    const key = uniqueKey(payer, uniqueBy);
    const whole = JSON.stringify(payer);
    const same = (other: Payer) =>
      other === payer ||
      (hasValue(serverId)
        ? other[ID_FIELD] === serverId
        : key !== undefined
          ? uniqueKey(other, uniqueBy) === key
          : JSON.stringify(other) === whole);
    emit(listRef.current.filter((other) => !same(other)));
    replaceStoredEmail(emailOf(payer), undefined, emailsKey);
    removeFromDraft((ctx as { form?: CompiledForm }).form?.draft, path, same);
    toast.success(textOr(t, 'payers.removed', 'Payer removed successfully'));
  };

  const rows: Row[] = shownIndices(list, uniqueBy).map((index) => ({
    key: String(index),
    index,
    payer: list[index],
  }));
  const summary = [emailField, ...SUMMARY_FIELDS].filter(
    (name, i, all) => all.indexOf(name) === i && options.itemUiSchema?.[name] !== undefined,
  );
  const columns: ColumnsType<Row> = [
    {
      key: 'name',
      title: textOr(t, 'payers.payer', 'Payer'),
      render: (_: unknown, row: Row) => (
        <>
          {nameOf(row.payer, row.index)}
          {errorCount((errorSchema as Record<string, unknown> | undefined)?.[row.index]) > 0 && (
            <div>
              <Typography.Text type="danger">
                {textOr(t, 'payers.rowInvalid', "Please check this payer's details")}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
    ...summary.map((name) => ({
      key: name,
      title: itemLabel(options, t, name),
      render: (_: unknown, row: Row) =>
        cellText(
          row.payer[name],
          (options.itemUiSchema?.[name]?.['ui:options'] as { fieldType?: unknown })?.fieldType,
          locale,
        ),
    })),
    {
      key: 'actions',
      title: textOr(t, 'payers.actions', 'Manage'),
      render: (_: unknown, row: Row) => (
        <RowActions
          name={nameOf(row.payer, row.index)}
          locked={locked}
          t={t}
          onEdit={() => open('edit', row.index)}
          onView={() => open('view', row.index)}
          onDelete={() => remove(row.index)}
        />
      ),
    },
  ];

  const current = dialog ? list[dialog.index] : undefined;
  return (
    <div style={{ minWidth: 0 }}>
      {toastHolder}
      <FieldLabel id={labelId} required={props.required}>
        {label}
      </FieldLabel>
      {/* narrower than the table (a phone): the table scrolls sideways in its own region, which the keyboard
          reaches too; the page itself keeps its width */}
      <section
        ref={scroller}
        className="antrag-payers-table"
        aria-labelledby={labelId}
        tabIndex={overflowing ? 0 : undefined}
        style={{ overflowX: 'auto', maxWidth: '100%' }}
      >
        <Table<Row>
          aria-labelledby={labelId}
          columns={columns}
          dataSource={rows}
          pagination={false}
          size="small"
          // in the secondary text colour: antd's placeholder grey is too light to read
          locale={{
            emptyText: (
              <Typography.Text type="secondary">{textOr(t, 'payers.empty', 'No payers added yet.')}</Typography.Text>
            ),
          }}
        />
      </section>
      {rawErrors && rawErrors.length > 0 && (
        <div id={`${id}__error`} role="alert" className="ant-form-item-explain-error">
          {[...new Set(rawErrors)].map((e) => (
            <div key={e}>{e}</div>
          ))}
        </div>
      )}
      {!locked && (
        <div style={{ marginTop: 8 }}>
          <Button
            id={id}
            icon={<PlusOutlined aria-hidden="true" />}
            disabled={full}
            aria-describedby={full ? `${id}__max` : undefined}
            onClick={() => open('add', list.length)}
          >
            {textOr(t, 'payers.addPayer', 'Add payer')}
          </Button>
          {full && (
            <div id={`${id}__max`} className="ant-form-item-extra">
              {textOr(t, 'payers.maxReached', 'You can add at most {{count}} payers.', { count: maxItems })}
            </div>
          )}
        </div>
      )}
      {dialog && (
        <PayerDialog
          key={dialog.opened}
          mode={dialog.mode}
          payer={current ?? {}}
          index={dialog.index}
          list={list}
          listPath={path}
          fieldId={id}
          itemSchema={itemSchema}
          options={options}
          registry={registry}
          name={current ? nameOf(current, dialog.index) : undefined}
          onSave={save}
          onClose={close}
          uploadDocument={uploadDocument}
        />
      )}
    </div>
  );
}

function RowActions({
  name,
  locked,
  t,
  onEdit,
  onView,
  onDelete,
}: {
  name: string;
  locked: boolean | undefined;
  t: Translate;
  onEdit: () => void;
  onView: () => void;
  onDelete: () => Promise<void>;
}) {
  return (
    <Space size="small" wrap>
      {!locked && (
        <Button size="small" aria-label={textOr(t, 'payers.editNamed', 'Edit {{name}}', { name })} onClick={onEdit}>
          {textOr(t, 'payers.edit', 'Edit')}
        </Button>
      )}
      <Button size="small" aria-label={textOr(t, 'payers.viewNamed', 'View {{name}}', { name })} onClick={onView}>
        {textOr(t, 'payers.view', 'View')}
      </Button>
      {!locked && (
        <Popconfirm
          title={textOr(t, 'payers.confirmDelete', 'Remove {{name}} from the payers?', { name })}
          okText={textOr(t, 'payers.delete', 'Delete')}
          cancelText={textOr(t, 'payers.cancel', 'Cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button size="small" danger aria-label={textOr(t, 'payers.deleteNamed', 'Delete {{name}}', { name })}>
            {textOr(t, 'payers.delete', 'Delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
