import { useEffect, useState } from 'react';
import { getDefaultZIndex } from '@mantine/core';
import { Notifications } from '@mantine/notifications';

/** The toasts' width and their distance from the window's right edge (Mantine's defaults). */
const TOAST_WIDTH = 440;
const EDGE = 16;
/** Narrower than this a toast's title and link no longer read well: the toasts wait under the dialog. */
const NARROWEST = 260;

/**
 * The free width right of the widest open modal dialog (aria-modal: dialogs, confirmations, the
 * command palette), or null while none is open. Measured when a portal's content changes (Mantine
 * renders its dialogs in portals, children of body: the screens' own busy trees, a scrolled grid,
 * are not watched) and when the window is resized; a dialog's opening transition may scale it, so
 * its width is its layout width around its centre.
 */
function useRoomBesideDialog(): number | null {
  const [room, setRoom] = useState<number | null>(null);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]')];
      if (dialogs.length === 0) return setRoom(null);
      const rights = dialogs.map((dialog) => {
        const box = dialog.getBoundingClientRect();
        return box.left + box.width / 2 + dialog.offsetWidth / 2;
      });
      setRoom(Math.max(0, Math.floor(window.innerWidth - Math.max(...rights))));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    const observer = new MutationObserver(() => {
      watchPortals();
      schedule();
    });
    const watchPortals = () => {
      for (const portal of document.body.querySelectorAll(':scope > [data-portal]')) observer.observe(portal, { childList: true, subtree: true });
    };
    observer.observe(document.body, { childList: true });
    watchPortals();
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, []);
  return room;
}

/**
 * The toasts: bottom right, one stack, at most four at once (the rest wait), never over the
 * header's controls. A toast never covers a dialog, whose buttons sit at its bottom right too:
 * while one is open the stack narrows into the free space beside it, and where there is too
 * little (a narrow window, a wide dialog) it waits under the dialog's backdrop, taking no click,
 * until the dialog closes. Inside the router: a toast's link to a record is a router link.
 */
export function Toasts() {
  const room = useRoomBesideDialog();
  const width = room === null ? TOAST_WIDTH : Math.min(TOAST_WIDTH, room - 2 * EDGE);
  const underDialog = room !== null && width < NARROWEST;
  return (
    <Notifications
      position="bottom-right"
      limit={4}
      containerWidth={underDialog ? TOAST_WIDTH : width}
      // Mantine's modals stand at the "modal" layer, backdrop included: one below it is under the backdrop.
      zIndex={underDialog ? getDefaultZIndex('modal') - 1 : getDefaultZIndex('overlay')}
      data-placement={room === null ? 'corner' : underDialog ? 'under-dialog' : 'beside-dialog'}
    />
  );
}
