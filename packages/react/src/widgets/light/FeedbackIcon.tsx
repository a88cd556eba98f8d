import { CloseCircleFilled } from '@ant-design/icons-svg';
import { Icon } from './Icon.js';

/**
 * The red ✕ antd's form item puts into the box of a field in error. Decoration only: the field's `aria-invalid` and
 * its message say it to assistive technology.
 */
export function FeedbackIcon() {
  return (
    <span className="antrag-feedback" aria-hidden="true">
      <Icon icon={CloseCircleFilled} />
    </span>
  );
}
