/** antd's DatePicker with day.js: the heavy control of the date and month widgets, loaded when opened (DateWidget). */
import type { WidgetProps } from '@rjsf/utils';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { useState } from 'react';
import { ariaFor } from '../shared/aria.js';
import type { Handoff } from '../shared/loadOnUse.js';
import { maybe, textsOf } from '../shared/texts.js';
import { defaultFormat, ISO } from './formats.js';

dayjs.extend(customParseFormat);

/** Whether `text` is a date written exactly in `format` ('15/03/2001' in DD/MM/YYYY; not '2001-03-15', '31/02/2001'). */
const isDateIn = (text: string, format: string) => dayjs(text, format, true).isValid();

export function PickerControl({
  picker,
  handoff,
  ...props
}: WidgetProps & { picker: 'date' | 'month'; handoff?: Handoff }) {
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
  const { displayFormat = defaultFormat[picker] } = options as { displayFormat?: string };
  const { t } = textsOf(registry);
  // strict: a month 13 must not roll over into the next year (the widget shows such an answer in its light box)
  const parsed = typeof value === 'string' && value ? dayjs(value, ISO[picker], true) : null;
  // a typed text that is no date in the display format: the picker drops it from its box on leaving, so it is said why
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
      defaultOpen={handoff?.open}
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
        // a date written as the answers are (2001-03-15) is that date too
        const wrong = text !== '' && !isDateIn(text, displayFormat) && !isDateIn(text, ISO[picker]);
        setUnreadable(wrong);
        // a whole date typed is the answer now: the light box takes the picker's place at once (below), before the
        // picker would commit it itself
        const typed = isDateIn(text, displayFormat) ? dayjs(text, displayFormat, true).format(ISO[picker]) : text;
        if (!wrong && text !== '' && typed !== value) onChange(typed);
        // the picker puts the date before back in its box: the text typed is the answer instead, so the step's date
        // check refuses it at Next rather than keeping a date the applicant typed over
        if (wrong && text !== value) onChange(text);
        onBlur(id, value);
        // left: the light box takes the picker's place again, and reads what is typed next (DateWidget)
        handoff?.release?.();
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
