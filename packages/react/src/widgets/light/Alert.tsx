/**
 * antd 6's Alert as the engine uses it, without antd's code (a form's first screen loads none): a box in the
 * type's colours (chrome.css, antd's tokens) with antd's filled icon, a title, a description, an action beside it
 * and a close button. An alert (`role="alert"`, antd's) unless a `role` is given. Closing removes it at once
 * (antd's animates it away) and calls `onClose`.
 */
import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons-svg';
import { type AriaRole, type CSSProperties, type MouseEvent, type ReactNode, useState } from 'react';
import { Icon, type IconDefinition } from './Icon.js';
// the engine's chrome's styles (antd's Alert on its tokens), which the light Alert shares
import '../../engine/chrome/chrome.css';

export type AlertType = 'success' | 'info' | 'warning' | 'error';

const ICONS: Record<AlertType, IconDefinition> = {
  success: CheckCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

interface AlertBase {
  id?: string;
  type?: AlertType;
  showIcon?: boolean;
  title?: ReactNode;
  description?: ReactNode;
  /** Beside the text, at the end (antd's `action`): a button. */
  action?: ReactNode;
  role?: AriaRole;
  className?: string;
  style?: CSSProperties;
}

/** Closable: a ✕ button at the end, named by `closeLabel` (a translated text). */
export type AlertProps = AlertBase &
  (
    | { closable?: false; closeLabel?: never; onClose?: never }
    | { closable: true; closeLabel: string; onClose?: (event: MouseEvent<HTMLButtonElement>) => void }
  );

export function Alert({
  type = 'info',
  showIcon,
  title,
  description,
  action,
  closable,
  closeLabel,
  onClose,
  role = 'alert',
  id,
  className,
  style,
}: AlertProps) {
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  const withDescription = description !== undefined && description !== null && description !== false;
  const classes = [
    'antrag-alert',
    `antrag-alert-${type}`,
    withDescription && 'antrag-alert-with-description',
    !showIcon && 'antrag-alert-no-icon',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div id={id} className={classes} role={role} style={style}>
      {showIcon ? (
        <span className="antrag-alert-icon">
          <Icon icon={ICONS[type]} />
        </span>
      ) : null}
      <div className="antrag-alert-section">
        {title !== undefined && title !== null ? <div className="antrag-alert-title">{title}</div> : null}
        {withDescription ? <div className="antrag-alert-description">{description}</div> : null}
      </div>
      {action ? <div className="antrag-alert-actions">{action}</div> : null}
      {closable ? (
        <button
          type="button"
          className="antrag-alert-close"
          aria-label={closeLabel}
          onClick={(event) => {
            setClosed(true);
            onClose?.(event);
          }}
        >
          <Icon icon={CloseOutlined} />
        </button>
      ) : null}
    </div>
  );
}
