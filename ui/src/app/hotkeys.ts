//! Global keyboard shortcuts: F8 toggles the notifications panel, `?` lists the shortcuts.
import { useEffect } from 'react';
import { ShortcutsDialog, SHORTCUTS_HOTKEY } from '../components/Shortcuts';
import { NOTIFICATIONS_HOTKEY, toggleNotificationsPanel } from '../lib/notifications';
import { createOverlay, openOverlay, overlays } from '../lib/overlays';

let shortcutsOverlay: number | null = null;

/** Opens the shortcuts dialog unless it is open already. */
export function showShortcuts() {
  if (shortcutsOverlay !== null && overlays.items.some((o) => o.id === shortcutsOverlay)) return;
  shortcutsOverlay = createOverlay(ShortcutsDialog, { destroyOnClose: true });
  void openOverlay(shortcutsOverlay);
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

export function useHotkeys() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === NOTIFICATIONS_HOTKEY) {
        event.preventDefault();
        toggleNotificationsPanel();
      } else if (event.key === SHORTCUTS_HOTKEY && !typing(event.target) && !event.ctrlKey && !event.metaKey) {
        event.preventDefault();
        showShortcuts();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
