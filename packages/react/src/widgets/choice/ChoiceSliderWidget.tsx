import type { WidgetProps } from '@rjsf/utils';
import { ConfigProvider, Slider, theme } from 'antd';
import { type KeyboardEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ariaFor } from '../shared/aria.js';
import { textsOf } from '../shared/texts.js';
import { type Choice, choicesOf } from './options.js';
import { UNCHOSEN_CLASS, useSliderTheme } from './sliderTheme.js';

/** The keys that move a slider's handle. */
const MOVING_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * The slider's positions: the options' own values where they are consecutive whole numbers (months 1–12 are
 * announced as 1–12), else their places counted from 1.
 */
function firstPosition(choices: Choice[]): number {
  const first = choices[0]?.value;
  const consecutive =
    typeof first === 'number' && Number.isInteger(first) && choices.every((c, i) => c.value === first + i);
  return consecutive ? first : 1;
}

/**
 * A slider over the options in order; arrow keys move between them.
 *
 * With no value yet the slider shows none: an antd slider has no empty position, so its handle (which would sit on
 * the first mark and read as that option chosen) is not drawn and has no tooltip, focused or not (a focused empty
 * slider is outlined whole instead), the track is not filled, 'Not chosen' is written under it and announced as
 * the handle's value text. The first key or click chooses: the first key the first option (End the last), a click
 * where it lands (a click on the first mark, which leaves the handle where it is, the first option).
 *
 * The handle (role slider, the element that takes the focus) carries the field's id, aria-invalid and
 * aria-describedby, so the wizard's focus after a failed Next and the field's message both reach it.
 */
export function ChoiceSliderWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, rawErrors, registry, label } = props;
  const { t } = textsOf(registry);
  const choices = useMemo(() => choicesOf(props, t), [props, t]);
  const index = choices.findIndex((c) => c.value === value);
  const chosen = index >= 0;
  const aria = ariaFor(id, rawErrors);
  // whether the slider reported a move since its last completed interaction (key up, mouse up, mark click)
  const moved = useRef(false);
  const [focused, setFocused] = useState(false);
  const sliderTheme = useSliderTheme(chosen);
  const { token } = theme.useToken();
  const wrapper = useRef<HTMLDivElement>(null);
  // rc-slider passes no id or aria-invalid/-describedby to its handle: they are set on it here, after every render
  const invalid = aria['aria-invalid'];
  const describedBy = aria['aria-describedby'];
  useLayoutEffect(() => {
    const handle = wrapper.current?.querySelector<HTMLElement>('[role="slider"]');
    if (!handle) return;
    handle.id = id;
    handle.setAttribute('aria-invalid', String(invalid));
    handle.setAttribute('aria-describedby', describedBy);
  });
  if (choices.length === 0) return null;
  const base = firstPosition(choices);
  const locked = disabled || readonly;
  const notChosen = t('choice.notChosen');
  const textOf = (position: number | undefined) =>
    !chosen ? notChosen : position === undefined ? '' : (choices[position - base]?.label ?? '');
  const choose = (position: number) => {
    const choice = choices[position - base];
    if (choice) onChange(choice.value);
  };
  // from 'Not chosen' the first key chooses the first option (End the last) instead of moving off it
  const onKeyDownCapture = (e: KeyboardEvent<HTMLDivElement>) => {
    if (chosen || locked || !MOVING_KEYS.has(e.key)) return;
    e.preventDefault();
    e.stopPropagation();
    moved.current = true;
    onChange(choices[e.key === 'End' ? choices.length - 1 : 0].value);
  };
  return (
    <ConfigProvider theme={sliderTheme}>
      {/* catches the keys of the slider handle inside it */}
      <div
        ref={wrapper}
        onKeyDownCapture={onKeyDownCapture}
        style={
          focused && !chosen
            ? { outline: `2px solid ${token.colorPrimary}`, outlineOffset: 2, borderRadius: token.borderRadius }
            : undefined
        }
      >
        <Slider
          className={chosen ? undefined : UNCHOSEN_CLASS}
          min={base}
          max={base + choices.length - 1}
          step={1}
          // unchosen, the first mark's text is not drawn as passed (dark) either: every mark looks alike
          marks={Object.fromEntries(
            choices.map((c, i) => [
              base + i,
              chosen ? c.label : { label: c.label, style: { color: token.colorTextSecondary } },
            ]),
          )}
          value={base + Math.max(index, 0)}
          disabled={locked}
          tooltip={chosen ? { formatter: textOf } : { open: false }}
          ariaLabelForHandle={label}
          ariaValueTextFormatterForHandle={textOf}
          onChange={(position: number) => {
            moved.current = true;
            choose(position);
          }}
          onChangeComplete={(position: number) => {
            if (!moved.current && !chosen && !locked) choose(position);
            moved.current = false;
          }}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          styles={chosen ? undefined : { handle: { opacity: 0 } }}
        />
      </div>
      {!chosen && (
        <div className="ant-form-item-extra" aria-hidden="true">
          {notChosen}
        </div>
      )}
    </ConfigProvider>
  );
}
