/**
 * A side sheet on the native modal `<dialog>`: the browser keeps focus inside, closes it with Escape, dims the page
 * behind it and gives it the dialog role; a click on the dimmed page or the close button closes it too. It lies in
 * the browser's top layer, so nothing of the page (a sticky header, its z-index) can cover it or its close button,
 * and closing it gives focus back to what opened it. Its content is drawn only while it is open. (The content
 * site's own, instead of antd's Drawer and its theme engine.) The search filter fills the screen; the navigation
 * drawer (`cs-nav-sheet`) comes in from the right.
 */
import { CloseOutlined } from '@ant-design/icons';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useText } from './context.js';

export function Drawer({
  open,
  onClose,
  title,
  className,
  closeLabel,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  className?: string;
  /** The close button's name (default 'Close'). */
  closeLabel?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useText();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // a click whose target is the dialog itself lands on its backdrop: the sheet's content covers the whole box
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the dialog (the browser's), and so does its close button
    <dialog
      ref={ref}
      className={`cs-sheet ${className ?? ''}`}
      aria-labelledby={titleId}
      onClose={() => open && onClose()}
      onClick={(event) => event.target === ref.current && onClose()}
    >
      {open ? (
        <div className="cs-sheet-content">
          <div className="cs-sheet-header">
            <h2 id={titleId}>{title}</h2>
            <button
              type="button"
              className="cs-icon-button"
              aria-label={closeLabel ?? t('common.close')}
              onClick={onClose}
            >
              <CloseOutlined aria-hidden />
            </button>
          </div>
          <div className="cs-sheet-body">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
