import type { WidgetProps } from '@rjsf/utils';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { useState } from 'react';
import { ariaFor } from '../shared/aria.js';
import { maybe, textsOf } from '../shared/texts.js';

const ISO = { date: 'YYYY-MM-DD', month: 'YYYY-MM' } as const;

dayjs.extend(customParseFormat);

/** Whether `text` is a date written exactly in `format` ('15/03/2001' in DD/MM/YYYY; not '2001-03-15', '31/02/2001'). */
const isDateIn = (text: string, format: string) => dayjs(text, format, true).isValid();

function PickerWidget({ picker, ...props }: WidgetProps & { picker: 'date' | 'month' }) {
  const {
    id,
    value,
    onChange,
    onBlur,
    onFocus,
    disabled,
    readonly,
    placeholder,
    rawErrors,
    registry,
    options,
    autofocus,
  } = props;
  const { displayFormat = picker === 'date' ? 'DD/MM/YYYY' : 'MM/YYYY' } = options as { displayFormat?: string };
  const { t } = textsOf(registry);
  const parsed = typeof value === 'string' && value ? dayjs(value, ISO[picker]) : null;
  // a typed text that is no date in the display format: the picker drops it on leaving, so it is said why
  const [unreadable, setUnreadable] = useState(false);
  const noticeId = `${id}__format`;
  const aria = ariaFor(id, rawErrors);
  const control = (
    <DatePicker
      id={id}
      picker={picker}
      format={displayFormat}
      value={parsed?.isValid() ? parsed : null}
      placeholder={maybe(t, placeholder) ?? t('wizard.selectDate')}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      style={{ width: '100%' }}
      onChange={(d: Dayjs | null) => {
        setUnreadable(false);
        onChange(d ? d.format(ISO[picker]) : undefined);
      }}
      // Enter confirms the typed date (the picker does that first); it must not also submit the step's form
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.preventDefault();
      }}
      onBlur={(e) => {
        const text = (e.target as HTMLInputElement | null)?.value?.trim() ?? '';
        setUnreadable(text !== '' && !isDateIn(text, displayFormat));
        onBlur(id, value);
      }}
      onFocus={() => onFocus(id, value)}
      aria-invalid={aria['aria-invalid'] || unreadable}
      aria-describedby={unreadable ? `${noticeId} ${aria['aria-describedby']}` : aria['aria-describedby']}
    />
  );
  if (!unreadable) return control;
  return (
    <>
      {control}
      <div id={noticeId} role="alert" className="ant-form-item-explain-error">
        {t('validation.dateFormat', { format: displayFormat })}
      </div>
    </>
  );
}

/** A calendar date; the form value is ISO `YYYY-MM-DD`, the display format comes from the UI options. */
export function DateWidget(props: WidgetProps) {
  return <PickerWidget {...props} picker="date" />;
}
/** A month; the form value is `YYYY-MM`. */
export function MonthWidget(props: WidgetProps) {
  return <PickerWidget {...props} picker="month" />;
}
