import type { WidgetProps } from '@rjsf/utils';
import { Rate } from 'antd';
import { ariaFor } from '../shared/aria.js';

/** A star rating; a value of 0 (no stars) is stored as undefined. */
export function RateWidget(props: WidgetProps) {
  const { id, value, onChange, disabled, readonly, rawErrors, options, label } = props;
  const {
    count = 5,
    allowHalf = false,
    allowClear = false,
  } = options as {
    count?: number;
    allowHalf?: boolean;
    allowClear?: boolean;
  };
  return (
    <Rate
      id={id}
      aria-label={label}
      count={count}
      allowHalf={allowHalf}
      allowClear={allowClear}
      value={typeof value === 'number' ? value : 0}
      disabled={disabled || readonly}
      onChange={(v) => onChange(v > 0 ? v : undefined)}
      {...ariaFor(id, rawErrors)}
    />
  );
}
