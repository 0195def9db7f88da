import { useEffect } from 'react';

/** The dialog the focus is in and the element that had the focus before it (its opener). */
interface OpenDialog {
  dialog: Element;
  opener: HTMLElement | null;
}

/**
 * Dialogs give the focus back to what opened them (issue 38 item 1; WCAG 2.2 2.4.3). Mantine's
 * Modal does so when its `opened` turns false while it stays mounted (`returnFocus`), but the back
 * office mounts most dialogs only while they are open (`{editing && <FundFormModal opened …/>}`),
 * and then Mantine never sees it open or close. This remembers, when the focus moves into a dialog
 * (`role="dialog"`), the element it came from; when that dialog leaves the page with the focus
 * left on nothing (the page's body), the element gets the focus back if it is still on the page
 * (after a save that opened another screen it is not, and that screen's h1 takes the focus).
 */
export function useDialogFocusReturn(): void {
  useEffect(() => {
    let open: OpenDialog | null = null;
    const onFocusIn = (event: FocusEvent) => {
      const dialog = event.target instanceof Element ? event.target.closest('[role="dialog"]') : null;
      if (!dialog) {
        open = null;
        return;
      }
      if (open?.dialog === dialog) return;
      const from = event.relatedTarget;
      open = { dialog, opener: from instanceof HTMLElement ? from : (open?.opener ?? null) };
    };
    let timer = -1;
    const observer = new MutationObserver(() => {
      if (!open || open.dialog.isConnected) return;
      const { opener } = open;
      open = null;
      window.clearTimeout(timer);
      // After Mantine's own return (10 ms), and only when nothing else took the focus meanwhile.
      timer = window.setTimeout(() => {
        const active = document.activeElement;
        if (opener?.isConnected && (!active || active === document.body)) opener.focus({ preventScroll: true });
      }, 20);
    });
    document.addEventListener('focusin', onFocusIn);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, []);
}
