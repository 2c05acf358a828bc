//! The notifications panel's open flag; F8 toggles it (spec §9). The panel comes with its issue.
import { proxy } from 'valtio';

export const NOTIFICATIONS_HOTKEY = 'F8';

export const notifications = proxy({ panelOpen: false });

export function toggleNotificationsPanel() {
  notifications.panelOpen = !notifications.panelOpen;
}
