//! The notifications panel under the bell (F8): the newest first, the unread marked; a click
//! marks one read and opens its page; «Прочитать все» (not while a manager acts as the person:
//! the trace of being acted as is his to clear); Esc or a click elsewhere closes it.
import { useEffect, useId, useRef, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { Icon } from '../../components/Icon';
import {
  formatWhen,
  hasMore,
  loadNotifications,
  markAllRead,
  markRead,
  notifications,
  setPanelOpen,
  type Notification,
} from '../../lib/notifications';
import { currentUser, isActing } from '../../lib/user';
import { paths } from '../../paths';

interface Props {
  id: string;
  /** The bell: focus returns there on Esc, and a click on it is not a click elsewhere. */
  bell: RefObject<HTMLButtonElement | null>;
}

function Item({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const unread = !item.read_at;
  return (
    <li>
      <button type="button" className="notification" data-unread={unread || undefined} onClick={() => onOpen(item)}>
        <span className="notification-title">
          {unread && <span className="sr-only">Новое: </span>}
          {item.title}
        </span>
        {item.body && <span className="notification-body">{item.body}</span>}
        <span className="notification-meta">
          <time dateTime={item.created_at}>{formatWhen(item.created_at)}</time>
          {item.kind_title !== item.title && ` · ${item.kind_title}`}
        </span>
      </button>
    </li>
  );
}

export function NotificationsPanel({ id, bell }: Props) {
  const { items, unread, lastPage, loading, failed } = useSnapshot(notifications);
  const { user } = useSnapshot(currentUser);
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const navigate = useNavigate();

  useEffect(() => {
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setPanelOpen(false);
      bell.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !bell.current?.contains(target)) setPanelOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, []);

  const open = async (item: Notification) => {
    await markRead(item).catch(() => undefined);
    if (!item.link) return;
    setPanelOpen(false);
    if (/^https?:\/\//.test(item.link)) window.location.assign(item.link);
    else void navigate(item.link);
  };

  return (
    <div ref={panel} id={id} className="notifications-panel" role="dialog" aria-labelledby={titleId} tabIndex={-1}>
      <header>
        <h2 id={titleId}>Уведомления</h2>
        {!isActing(user) && (
          <button type="button" className="secondary outline" disabled={unread === 0} onClick={() => void markAllRead().catch(() => undefined)}>
            <Icon name="checkAll" size={18} />
            Прочитать все
          </button>
        )}
        <button type="button" className="icon-button" aria-label="Закрыть" onClick={() => setPanelOpen(false)}>
          <Icon name="close" size={18} />
        </button>
      </header>
      {items === null ? (
        failed ? (
          <div className="notifications-note">
            <p>Не удалось загрузить уведомления.</p>
            <button type="button" className="secondary outline" onClick={() => void loadNotifications()}>
              Повторить
            </button>
          </div>
        ) : (
          <p className="notifications-note" aria-busy="true">
            Загружаем уведомления…
          </p>
        )
      ) : items.length === 0 ? (
        <div className="notifications-note">
          <Icon name="bell" size={32} />
          <p>Уведомлений нет</p>
        </div>
      ) : (
        <ul className="notification-list">
          {items.map((item) => (
            <Item key={item.id} item={item} onOpen={(chosen) => void open(chosen)} />
          ))}
        </ul>
      )}
      <footer>
        {hasMore(lastPage) && (
          <button type="button" className="secondary outline" aria-busy={loading} onClick={() => void loadNotifications(true)}>
            Показать ещё
          </button>
        )}
        <Link to={paths.settingsNotifications} onClick={() => setPanelOpen(false)}>
          Настроить уведомления
        </Link>
      </footer>
    </div>
  );
}
