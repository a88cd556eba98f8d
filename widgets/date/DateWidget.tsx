import type { WidgetProps } from '@rjsf/utils';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ariaFor } from '../shared/aria.js';
import { maybe, textsOf } from '../shared/texts.js';

const ISO = { date: 'YYYY-MM-DD', month: 'YYYY-MM' } as const;

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
  return (
    <DatePicker
      id={id}
      picker={picker}
      format={displayFormat}
      value={parsed?.isValid() ? parsed : null}
      placeholder={maybe(t, placeholder) ?? t('wizard.selectDate')}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      style={{ width: '100%' }}
      onChange={(d: Dayjs | null) => onChange(d ? d.format(ISO[picker]) : undefined)}
      // Enter confirms the typed date (the picker does that first); it must not also submit the step's form
      onKeyDown={(e) => {
        if (e.key === 'Enter') e.preventDefault();
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
      {...ariaFor(id, rawErrors)}
    />
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
