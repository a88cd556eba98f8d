/**
 * The stand-in of a searchable antd `Select` (single or multiple) until its code loads (see loadOnUse.tsx): antd 6's
 * select box drawn with the light controls' tokens (light/light.css, loadOnUse.css) around a text input that is a
 * combobox as antd's is, with the chosen option (or the chosen tags) and the placeholder where antd shows them.
 * Pressing the box, ArrowDown, Enter, Space or typing asks for the real select with its list open; what was typed
 * goes over to it as the search. A tag's ✕ and the clear button work at once.
 */
import { CloseCircleFilled, CloseOutlined, DownOutlined } from '@ant-design/icons-svg';
import {
  type ChangeEvent,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useRef,
  useState,
} from 'react';
import { cx } from '../light/cx.js';
import { FeedbackIcon } from '../light/FeedbackIcon.js';
import { Icon } from '../light/Icon.js';
import { LoadingIcon, type StandIn, useHandOver } from './loadOnUse.js';

export interface StandInTag {
  key: string;
  label: string;
}

export interface SelectStandInProps {
  /** The input's id: the field's, which its label names. */
  id: string;
  standIn: StandIn;
  /** The chosen option's label (a single select). */
  shown?: string;
  /** The chosen options (a multiple select). */
  tags?: StandInTag[];
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** The box is red (the field is in error). */
  invalid?: boolean;
  /** Shows antd's error icon in the box while invalid (its form item does for a field of one value). */
  feedback?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
  style?: CSSProperties;
  /** A single select's clear icon (antd's `allowClear`), shown on hover while an option is chosen. */
  onClear?: () => void;
  /** Its choices are still being fetched (a spinner, as antd's `loading`). */
  loading?: boolean;
  /** Removes a tag (its ✕, or Backspace in the empty search). */
  onRemove?: (key: string) => void;
  /** Extra classes on the box (its place in a group of controls). */
  className?: string;
  onFocus?: () => void;
  onBlur?: () => void;
}

/** Keys that open antd's list (rc-select: Enter, Space, ArrowDown). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

export function SelectStandIn({
  id,
  standIn,
  shown,
  tags = [],
  multiple,
  placeholder,
  disabled,
  invalid,
  feedback,
  style,
  onClear,
  loading,
  onRemove,
  className,
  onFocus,
  onBlur,
  ...aria
}: SelectStandInProps) {
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [used, setUsed] = useState(false);
  useHandOver(standIn, () => input.current);

  const use = (open: boolean) => {
    setUsed(true);
    standIn.use({ open });
  };
  const press = (event: MouseEvent | PointerEvent) => {
    if (disabled || (event.target as Element).closest('[data-standin-action]')) return;
    // the box keeps the focus in its input, as antd's does, and the press opens the list
    event.preventDefault();
    input.current?.focus();
    use(true);
  };
  const typed = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.target.value);
    // a composition (a Chinese or Vietnamese input method) is typed on until it ends; text put in while the field
    // has no focus (what was typed before the page's scripts came, replayed) opens no list
    const focused = event.target.ownerDocument.activeElement === event.target;
    if (event.target.value && !(event.nativeEvent as InputEvent).isComposing) use(focused);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') {
      standIn.dismiss();
      return;
    }
    if (multiple && event.key === 'Backspace' && text === '' && tags.length > 0) {
      onRemove?.(tags[tags.length - 1].key);
      return;
    }
    if (!OPENING_KEYS.has(event.key)) return;
    // Enter opens the list, never submits the step; ArrowDown opens it, never moves the caret
    if (event.key !== ' ') event.preventDefault();
    use(true);
  };
  const hasSearch = text !== '';
  const empty = multiple ? tags.length === 0 : shown === undefined || shown === '';
  const clearable = !!onClear && !multiple && !empty && !disabled;

  const control = (
    <input
      ref={input}
      id={id}
      type="text"
      className="antrag-combo-input"
      role="combobox"
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-autocomplete="list"
      // the list the real select opens, once the person asked for it
      aria-controls={used ? `${id}_list` : undefined}
      aria-busy={standIn.busy || loading || undefined}
      autoComplete="off"
      value={text}
      // a multiple select's search grows with what is typed
      style={multiple && text ? { width: `${text.length + 1}ch` } : undefined}
      disabled={disabled}
      onChange={typed}
      onCompositionEnd={(event) => {
        if (event.currentTarget.value) use(true);
      }}
      onKeyDown={keyDown}
      onFocus={() => {
        standIn.preload();
        onFocus?.();
      }}
      onBlur={() => {
        if (standIn.isLeaving()) return;
        setText('');
        standIn.dismiss();
        onBlur?.();
      }}
      {...aria}
    />
  );

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a press on the box does what the keyboard does in its input
    // biome-ignore lint/a11y/useKeyWithClickEvents: the input takes the keys (Enter, ArrowDown, Space, typing)
    <span
      className={cx(
        'antrag-input',
        'antrag-combo',
        multiple && 'antrag-combo-multiple',
        hasSearch && 'antrag-combo-searching',
        invalid && 'antrag-input-invalid',
        disabled && 'antrag-input-disabled',
        clearable && 'antrag-combo-clearable',
        className,
      )}
      style={style}
      onPointerEnter={disabled ? undefined : standIn.preload}
      onPointerDown={(event) => {
        // a touch only starts loading: it may begin a scroll; the tap's click opens the list
        if (event.pointerType === 'mouse' && event.button === 0) press(event);
        else if (!disabled) standIn.preload();
      }}
      onClick={(event) => {
        if (!used) press(event);
      }}
    >
      {multiple ? (
        <span className="antrag-combo-content">
          {tags.map((tag) => (
            <span key={tag.key} className="antrag-combo-item">
              <span className="antrag-combo-tag" title={tag.label}>
                <span className="antrag-combo-tag-label">{tag.label}</span>
                {!disabled && (
                  <span
                    className="antrag-combo-tag-remove"
                    aria-hidden="true"
                    data-standin-action=""
                    onPointerDown={(event) => event.preventDefault()}
                    onClick={() => onRemove?.(tag.key)}
                  >
                    <Icon icon={CloseOutlined} />
                  </span>
                )}
              </span>
            </span>
          ))}
          <span className="antrag-combo-search">{control}</span>
          {empty && !hasSearch && placeholder && <span className="antrag-combo-placeholder">{placeholder}</span>}
        </span>
      ) : (
        <span
          className={cx('antrag-combo-content', !empty && 'antrag-combo-content-value')}
          title={empty ? undefined : shown}
        >
          {empty ? <span className="antrag-combo-placeholder">{placeholder}</span> : shown}
          {control}
        </span>
      )}
      <span className="antrag-combo-suffix" aria-hidden="true">
        {standIn.spinning || loading ? <LoadingIcon /> : <Icon icon={DownOutlined} className="antrag-combo-arrow" />}
        {invalid && feedback && <FeedbackIcon />}
      </span>
      {clearable && (
        // as antd's: for the pointer only (the keyboard empties a search, not the choice)
        <span
          className="antrag-combo-clear"
          aria-hidden="true"
          data-standin-action=""
          onPointerDown={(event) => event.preventDefault()}
          onClick={() => {
            onClear?.();
            input.current?.focus();
          }}
        >
          <Icon icon={CloseCircleFilled} />
        </span>
      )}
    </span>
  );
}
