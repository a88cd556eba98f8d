/**
 * antd's spinner as a named status: antd's `Spin` is a plain `div`, on which an `aria-label` is not allowed
 * (axe: aria-prohibited-attr) and which `SpinProps` gives no role, so the name sits on a status around it.
 */
import { Spin } from 'antd';

export function Loading({ label, size }: { label: string; size?: 'small' | 'default' | 'large' }) {
  return (
    <div role="status" aria-label={label} className="antrag-loading">
      <Spin size={size} />
    </div>
  );
}
