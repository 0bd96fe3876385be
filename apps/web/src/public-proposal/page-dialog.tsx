// The client's page's dialogs: the browser's own modal <dialog> (top layer, inert page behind, Escape), not the
// UI kit's (docs/architecture.md, "The public page"). Mounted only while open, as the kit's were: what a dialog
// holds (the signature pad, a form's state) starts fresh each time.

import { IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { usePageId } from './page-id';
import './page-dialog.css';
import { NotificationsHost, trackDialog } from './page-notifications';

export interface PageDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Wider, for a dialog with a form beside its text (the SEPA mandate, the signature pad). */
  size?: 'md' | 'lg';
  /** A click on the backdrop leaves the drawing alone (the signature pad). */
  closeOnClickOutside?: boolean;
  /** Called after the dialog has left the page, to reset what it held. */
  onExitTransitionEnd?: () => void;
}

export function PageDialog({
  opened,
  onClose,
  title,
  children,
  size = 'md',
  closeOnClickOutside = true,
  onExitTransitionEnd,
}: PageDialogProps) {
  const wasOpened = useRef(opened);
  const onExit = useRef(onExitTransitionEnd);
  onExit.current = onExitTransitionEnd;
  useEffect(() => {
    if (wasOpened.current && !opened) onExit.current?.();
    wasOpened.current = opened;
  }, [opened]);
  return opened ? (
    <OpenDialog title={title} size={size} onClose={onClose} closeOnClickOutside={closeOnClickOutside}>
      {children}
    </OpenDialog>
  ) : null;
}

function OpenDialog({
  title,
  size,
  onClose,
  closeOnClickOutside,
  children,
}: Required<Pick<PageDialogProps, 'title' | 'size' | 'onClose' | 'closeOnClickOutside' | 'children'>>) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = usePageId();
  const close = useRef(onClose);
  close.current = onClose;

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal: the open attribute shows it there (component tests).
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    // The field or button the dialog names as first (data-autofocus), else the browser's choice.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    trackDialog(1);
    return () => {
      trackDialog(-1);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      // Back to what opened it, as a person who cancels expects.
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is the backdrop's; Escape is the dialog's cancel
    <dialog
      ref={ref}
      className="pp-dialog"
      data-size={size}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the page decides (a dialog that is sending stays open).
        event.preventDefault();
        close.current();
      }}
      onClick={(event) => {
        // The dialog fills its box with .pp-dialog-body: a click on the dialog itself is on the backdrop.
        if (closeOnClickOutside && event.target === ref.current) close.current();
      }}
    >
      <div className="pp-dialog-body">
        <div className="pp-dialog-header">
          <h2 className="pp-dialog-title" id={titleId}>
            {title}
          </h2>
          <button
            type="button"
            className="pp-dialog-close"
            aria-label="Fechar"
            onClick={() => close.current()}
          >
            <IconX size={18} aria-hidden="true" />
          </button>
        </div>
        {children}
      </div>
      <NotificationsHost inDialog />
    </dialog>
  );
}
