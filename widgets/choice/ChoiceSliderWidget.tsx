import type { WidgetProps } from '@rjsf/utils';
import { ConfigProvider, Slider, theme } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { ariaFor } from '../shared/aria.js';
import { textsOf } from '../shared/texts.js';
import { choicesOf } from './options.js';
import { UNCHOSEN_CLASS, useSliderTheme } from './sliderTheme.js';

/**
 * A slider over the options in order; arrow keys move between them.
 *
 * With no value yet the slider shows none: an antd slider has no empty position, so its handle (which would sit on
 * the first mark and read as that option chosen) is not drawn until the slider has the focus, the track is not
 * filled, 'Not chosen' is written under it and announced. The first key or click chooses: a move chooses where it
 * lands; a key or click that leaves the handle where it is (Home, a click on the first mark) chooses the first option.
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
  // a keyboard user sees where the (grey) handle is once the slider has the focus
  const [focused, setFocused] = useState(false);
  const sliderTheme = useSliderTheme(chosen);
  const { token } = theme.useToken();
  if (choices.length === 0) return null;
  const notChosen = t('choice.notChosen');
  const textOf = (i: number | undefined) => (!chosen ? notChosen : i === undefined ? '' : (choices[i]?.label ?? ''));
  return (
    <ConfigProvider theme={sliderTheme}>
      <Slider
        id={id}
        className={chosen ? undefined : UNCHOSEN_CLASS}
        min={0}
        max={Math.max(choices.length - 1, 0)}
        step={1}
        // unchosen, the first mark's text is not drawn as passed (dark) either: every mark looks alike
        marks={Object.fromEntries(
          choices.map((c, i) => [i, chosen ? c.label : { label: c.label, style: { color: token.colorTextSecondary } }]),
        )}
        value={Math.max(index, 0)}
        disabled={disabled || readonly}
        tooltip={{ formatter: textOf }}
        ariaLabelForHandle={label}
        ariaValueTextFormatterForHandle={textOf}
        onChange={(i: number) => {
          moved.current = true;
          onChange(choices[i]?.value);
        }}
        onChangeComplete={(i: number) => {
          if (!moved.current && !chosen && !(disabled || readonly)) onChange(choices[i]?.value);
          moved.current = false;
        }}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        styles={chosen || focused ? undefined : { handle: { opacity: 0 } }}
      />
      {!chosen && (
        <div className="ant-form-item-extra" aria-hidden="true">
          {notChosen}
        </div>
      )}
    </ConfigProvider>
  );
}
