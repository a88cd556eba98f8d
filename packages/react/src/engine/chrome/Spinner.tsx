/**
 * antd's Spin (four dots turning, in the primary colour) drawn by chrome.css, without antd's code, as a status
 * named by its label: screen readers say what is loading.
 */
import './chrome.css';

export type SpinnerSize = 'small' | 'default' | 'large';

const SIZE_CLASS: Record<SpinnerSize, string | undefined> = {
  small: 'antrag-spin-sm',
  default: undefined,
  large: 'antrag-spin-lg',
};

export function Spinner({
  label,
  size = 'default',
  className,
}: {
  label: string;
  size?: SpinnerSize;
  className?: string;
}) {
  return (
    <div role="status" aria-label={label} className={className}>
      <span className={['antrag-spin', SIZE_CLASS[size]].filter(Boolean).join(' ')} aria-hidden="true">
        <span className="antrag-spin-dot">
          <i />
          <i />
          <i />
          <i />
        </span>
      </span>
    </div>
  );
}
