/**
 * The date and month widgets. The field is at first a light text box drawn as antd's DatePicker draws its own (the
 * same box, placeholder and calendar icon): a date typed in the display format (DD/MM/YYYY) is taken once it is whole,
 * and emptying the text empties the answer on Enter or on leaving the field. The calendar — antd's
 * DatePicker with day.js — loads when it is opened: a press on the field, ArrowDown or Space (see
 * ../shared/loadOnUse.tsx); a focus starts loading it. A display format this box cannot read (month names, …) is
 * left to the picker as soon as something is typed.
 *
 * The spec wants the input in DD/MM/YYYY with the placeholder 'Select date' (spec 001 §5), which the platform's own
 * date input (shown in the device's format, without a placeholder) cannot give: phones get this box too.
 */
import { CalendarOutlined, CloseCircleFilled } from '@ant-design/icons-svg';
import type { WidgetProps } from '@rjsf/utils';
import { type KeyboardEvent, type MouseEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { Icon } from '../light/Icon.js';
import { TextBox } from '../light/TextBox.js';
import { ariaFor } from '../shared/aria.js';
import {
  describedBy,
  failedNoticeId,
  heavyPart,
  LoadFailed,
  LoadingIcon,
  type StandIn,
  useHandOver,
  useLoadOnUse,
} from '../shared/loadOnUse.js';
import { maybe, textsOf } from '../shared/texts.js';
import { formatDate, type Picker, parseDate, readable } from './dateText.js';
import { defaultFormat, ISO } from './formats.js';

export const datePicker = heavyPart(() => import('./DatePicker.js').then((m) => m.PickerControl));

/** Keys that open antd's calendar from the field. */
const OPENING_KEYS = new Set(['ArrowDown', ' ']);

function DateStandIn({ picker, standIn, ...props }: WidgetProps & { picker: Picker; standIn: StandIn }) {
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
  const canRead = readable(displayFormat, picker);
  // the box's wrapper, whose input is the control (TextBox takes no ref)
  const wrapper = useRef<HTMLSpanElement>(null);
  const control = () => wrapper.current?.querySelector('input');
  useHandOver(standIn, control);
  const pointer = useRef<string>(undefined);
  // what is typed, until it is taken (a new value shows as the value, written in the format)
  const [draft, setDraft] = useState<string>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new value (taken, or set from elsewhere) ends the draft
  useEffect(() => setDraft(undefined), [value]);
  // a typed text that is no date in the display format: kept, said why, and the answer until it is mended (also one
  // the picker handed over, or a draft brought back)
  const [unreadable, setUnreadable] = useState(() => notADate(value, picker));
  const off = disabled || readonly;
  // an answer that is no date (such a text, kept in a draft) shows as it was typed
  const shown = draft ?? formatDate(value, displayFormat, picker) ?? (typeof value === 'string' ? value : '');
  const noticeId = `${id}__format`;
  const aria = ariaFor(id, rawErrors);

  /**
   * Takes the typed text as the answer; false when it is no date in the format. Such a text becomes the answer as
   * typed, so the step's date check refuses it at Next: the date typed before must not stay the answer unseen.
   */
  const take = (): boolean => {
    if (draft === undefined) return true;
    const text = draft.trim();
    // a date written as the answers are (2001-03-15) is that date too
    const date =
      text === '' ? undefined : (parseDate(text, displayFormat, picker) ?? parseDate(text, ISO[picker], picker));
    const next = date ?? (text || undefined);
    if (next !== (value || undefined)) onChange(next);
    // the same date typed another way (2001-03-15 for 15/03/2001) changes no answer: the box shows it as the field does
    else if (date !== undefined) setDraft(undefined);
    return text === '' || date !== undefined;
  };
  const open = (event: MouseEvent | PointerEvent) => {
    if (off || (event.target as Element).closest('[data-standin-action]')) return;
    event.preventDefault();
    control()?.focus();
    standIn.use({ open: true });
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter') {
      // Enter takes the typed date; it must not also submit the step's form
      event.preventDefault();
      standIn.dismiss();
      setUnreadable(!take());
    } else if (event.key === 'Escape') {
      standIn.dismiss();
    } else if (OPENING_KEYS.has(event.key) && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      standIn.use({ open: true });
    }
  };
  const clear = () => {
    setDraft(undefined);
    setUnreadable(false);
    if (value) onChange(undefined);
    control()?.focus();
  };

  const invalid = aria['aria-invalid'] || unreadable;
  const box = (
    // the box's own handlers (a press anywhere on it opens the calendar) on a wrapper that adds no box of its own
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the box does what ArrowDown does in its input
    // biome-ignore lint/a11y/useKeyWithClickEvents: the input takes the keys (ArrowDown and Space open the calendar)
    <span
      ref={wrapper}
      style={{ display: 'contents' }}
      onPointerEnter={off ? undefined : standIn.preload}
      onPointerDown={(event) => {
        pointer.current = event.pointerType;
        if (event.pointerType === 'mouse' && event.button === 0) open(event);
        else if (!off) standIn.preload();
      }}
      // a tap opens the calendar on its click (its pointerdown may begin a scroll)
      onClick={(event) => {
        if (pointer.current !== undefined && pointer.current !== 'mouse') open(event);
      }}
    >
      <TextBox
        id={id}
        value={shown}
        placeholder={maybe(t, placeholder) ?? t('wizard.selectDate')}
        disabled={off}
        autoFocus={autofocus}
        autoComplete="off"
        size={Math.max(10, displayFormat.length) + 2}
        invalid={aria['aria-invalid'] || unreadable}
        aria-invalid={invalid}
        aria-describedby={describedBy(
          id,
          standIn,
          unreadable ? `${noticeId} ${aria['aria-describedby']}` : aria['aria-describedby'],
        )}
        aria-busy={standIn.busy || undefined}
        suffix={
          <span className="antrag-date-suffix" aria-hidden="true">
            {standIn.spinning ? <LoadingIcon /> : <Icon icon={CalendarOutlined} />}
            {!off && shown !== '' && (
              // biome-ignore lint/a11y/noStaticElementInteractions: antd's clear icon, for the pointer (emptying the text clears too)
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard empties the text, which empties the answer
              <span
                className="antrag-date-clear"
                data-standin-action=""
                onPointerDown={(event) => event.preventDefault()}
                onClick={clear}
              >
                <Icon icon={CloseCircleFilled} />
              </span>
            )}
          </span>
        }
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          setUnreadable(false);
          // a whole date is taken as it is typed (also one typed before the page's scripts came, replayed), so the
          // answer never waits for a leave the person already made
          const typed = canRead ? parseDate(text.trim(), displayFormat, picker) : undefined;
          if (typed !== undefined && typed !== value) onChange(typed);
          // a format read only by the picker: it takes over, with its calendar, as it does for what is typed;
          // a format this box reads: it stays while the person types, even if the calendar's code arrives meanwhile
          // (taking the box's place then lost what was typed on a slow phone)
          if (!canRead) standIn.use({ open: true });
          else standIn.stay();
        }}
        onKeyDown={keyDown}
        onFocus={() => {
          standIn.preload();
          onFocus(id, value);
        }}
        onBlur={() => {
          if (standIn.isLeaving()) return;
          standIn.dismiss();
          setUnreadable(!take());
          onBlur(id, value);
        }}
      />
    </span>
  );
  return (
    <>
      {box}
      {unreadable && (
        <div id={noticeId} role="alert" className="ant-form-item-explain-error">
          {t('validation.dateFormat', { format: displayFormat })}
        </div>
      )}
      {standIn.failed && <LoadFailed id={failedNoticeId(id)} t={t} onRetry={standIn.retry} />}
    </>
  );
}

/** Whether an answer is a text that is no date (one typed that the field could not read, kept as the answer). */
const notADate = (value: unknown, picker: Picker) =>
  typeof value === 'string' && value !== '' && parseDate(value, ISO[picker], picker) !== value;

function DateField({ picker, ...props }: WidgetProps & { picker: Picker }) {
  const { Heavy, handoff, standIn } = useLoadOnUse(datePicker, props.id, { returns: true });
  // an answer that is no date (a text typed that the field could not read) shows as typed in the light box, until it
  // is mended: antd's picker can show only a date, and would show none or another
  if (Heavy && !notADate(props.value, picker)) return <Heavy {...props} picker={picker} handoff={handoff} />;
  return <DateStandIn {...props} picker={picker} standIn={standIn} />;
}

/** A calendar date; the form value is ISO `YYYY-MM-DD`, the display format comes from the UI options. */
export function DateWidget(props: WidgetProps) {
  return <DateField {...props} picker="date" />;
}
/** A month; the form value is `YYYY-MM`. */
export function MonthWidget(props: WidgetProps) {
  return <DateField {...props} picker="month" />;
}
