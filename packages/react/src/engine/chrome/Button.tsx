/**
 * antd 6's Button as the engine uses it, without antd's code (a form's first screen loads none): the same looks
 * (default, primary, link, text; small, middle, large; block; danger), drawn by chrome.css on antd's tokens, and
 * the same behaviour: while `loading` it shows antd's turning icon before its text and ignores clicks (a submit
 * button submits nothing), `href` makes it a link. antd's click wave is left out.
 */
import { LoadingOutlined } from '@ant-design/icons-svg';
import {
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  forwardRef,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { Icon } from '../../widgets/index.js';
import './chrome.css';

export type ButtonType = 'default' | 'primary' | 'link' | 'text';
export type ButtonSize = 'small' | 'middle' | 'large';

type Shared = Omit<ButtonHTMLAttributes<HTMLElement> & AnchorHTMLAttributes<HTMLElement>, 'type' | 'onClick'>;

export interface ButtonProps extends Shared {
  /** antd's `type`: the look. */
  type?: ButtonType;
  /** The `type` of the `<button>` (antd's `htmlType`); `button` unless said. */
  htmlType?: 'button' | 'submit' | 'reset';
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  disabled?: boolean;
  /** Busy: antd's loading icon before the text, clicks ignored. */
  loading?: boolean;
  icon?: ReactNode;
  /** A link drawn as a button. */
  href?: string;
  size?: ButtonSize;
  block?: boolean;
  danger?: boolean;
  children?: ReactNode;
}

const SIZE_CLASS: Record<ButtonSize, string | undefined> = {
  small: 'antrag-btn-sm',
  middle: undefined,
  large: 'antrag-btn-lg',
};

export const Button = forwardRef<HTMLButtonElement | HTMLAnchorElement, ButtonProps>(function Button(
  {
    type = 'default',
    htmlType = 'button',
    onClick,
    disabled = false,
    loading = false,
    icon,
    href,
    size = 'middle',
    block,
    danger,
    className,
    children,
    ...rest
  },
  ref,
) {
  const hasText = children !== undefined && children !== null && children !== false && children !== '';
  const shownIcon = loading ? <Icon icon={LoadingOutlined} spin /> : icon;
  const classes = [
    'antrag-btn',
    `antrag-btn-${type}`,
    SIZE_CLASS[size],
    danger && 'antrag-btn-dangerous',
    block && 'antrag-btn-block',
    loading && 'antrag-btn-loading',
    shownIcon && !hasText && 'antrag-btn-icon-only',
    href !== undefined && disabled && 'antrag-btn-disabled',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      {shownIcon ? (
        <span className={loading ? 'antrag-btn-icon antrag-btn-loading-icon' : 'antrag-btn-icon'}>{shownIcon}</span>
      ) : null}
      {/* the text in a span, as antd's: a string beside an icon stays one flex item */}
      {hasText ? (
        typeof children === 'string' || typeof children === 'number' ? (
          <span>{children}</span>
        ) : (
          children
        )
      ) : null}
    </>
  );
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    // antd's: a busy or disabled button does nothing, and its submit submits nothing
    if (loading || disabled) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  if (href !== undefined) {
    return (
      <a
        {...rest}
        ref={ref as Ref<HTMLAnchorElement>}
        className={classes}
        href={disabled ? undefined : href}
        aria-disabled={disabled || undefined}
        aria-busy={loading || undefined}
        tabIndex={disabled ? -1 : rest.tabIndex}
        onClick={handleClick}
      >
        {content}
      </a>
    );
  }
  return (
    <button
      {...rest}
      ref={ref as Ref<HTMLButtonElement>}
      type={htmlType}
      className={classes}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={handleClick}
    >
      {content}
    </button>
  );
});
