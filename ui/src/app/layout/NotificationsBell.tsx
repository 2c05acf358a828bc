//! The bell in the top bar: the unread count on a badge (none at 0), kept fresh while the user
//! is signed in; a click or F8 opens the panel, and focus comes back to the bell when it closes.
import { useEffect, useId, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { Icon } from '../../components/Icon';
import { Tooltip } from '../../components/Tooltip';
import { badgeText, bellLabel, NOTIFICATIONS_HOTKEY, notifications, resetNotifications, toggleNotificationsPanel, watchUnread } from '../../lib/notifications';
import { NotificationsPanel } from './NotificationsPanel';

export function NotificationsBell({ userId }: { userId: number }) {
  const { unread, panelOpen } = useSnapshot(notifications);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  const panelId = useId();

  // Each user has his own notifications: a new one (sign-in, acting as someone) starts afresh.
  useEffect(() => {
    resetNotifications();
    return watchUnread();
  }, [userId]);

  // A panel closed by F8 takes the focus with it: give it back to the bell.
  useEffect(() => {
    if (wasOpen.current && !panelOpen && document.activeElement === document.body) button.current?.focus();
    wasOpen.current = panelOpen;
  }, [panelOpen]);

  const badge = badgeText(unread);
  return (
    <div className="notifications">
      <Tooltip text={`Уведомления (${NOTIFICATIONS_HOTKEY})`} enabled={!panelOpen}>
        <button
          ref={button}
          type="button"
          className="icon-button bell"
          aria-label={bellLabel(unread)}
          aria-expanded={panelOpen}
          aria-controls={panelOpen ? panelId : undefined}
          onClick={toggleNotificationsPanel}
        >
          <Icon name="bell" />
          {badge && (
            <span className="bell-badge" aria-hidden="true">
              {badge}
            </span>
          )}
        </button>
      </Tooltip>
      {panelOpen && <NotificationsPanel id={panelId} bell={button} />}
    </div>
  );
}
