import type { WidgetProps } from '@rjsf/utils';
import { ConfigProvider, Slider } from 'antd';
import { useMemo, useRef } from 'react';
import { ariaFor } from '../shared/aria.js';
import { textsOf } from '../shared/texts.js';
import { choicesOf } from './options.js';
import { UNCHOSEN_CLASS, useSliderTheme } from './sliderTheme.js';

/**
 * A slider over the options in order; arrow keys move between them.
 *
 * With no value yet the handle still sits on the first mark (the slider has no empty position), so "nothing
 * chosen" is drawn neutral (a grey handle, no filled track) and announced as 'Not chosen'. The first key or click
 * chooses: a move chooses where it lands; a key or click that leaves the handle where it is (Home, a click on the
 * first mark) chooses the first option.
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
  const sliderTheme = useSliderTheme(chosen);
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
        marks={Object.fromEntries(choices.map((c, i) => [i, c.label]))}
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
      />
    </ConfigProvider>
  );
}
