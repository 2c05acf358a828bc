//! The signed-in user's menu in the top bar: who is signed in, his own card (everyone may read
//! his own, `master-by-url`), the password page and sign-out.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { Icon } from '../../components/Icon';
import { ApiError } from '../../lib/api/client';
import { to } from '../../lib/person';
import { signOut } from '../../lib/session';
import { displayName, type CurrentUser } from '../../lib/user';
import { paths } from '../../paths';
import { sidebar } from '../sidebar';

/** Arrow keys walk the menu's items, round and round. */
function moveFocus(menu: HTMLElement | null, step: number) {
  const items = [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const at = items.indexOf(document.activeElement as HTMLElement);
  items[(at + step + items.length) % items.length]?.focus();
}

export function UserMenu({ user }: { user: CurrentUser }) {
  const { isMobile } = useSnapshot(sidebar);
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        moveFocus(root.current, event.key === 'ArrowDown' ? 1 : -1);
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const leave = async () => {
    setLeaving(true);
    try {
      await signOut();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setLeaving(false);
    }
  };

  return (
    <div
      ref={root}
      className="user-menu"
      onBlur={(event) => !root.current?.contains(event.relatedTarget as Node | null) && setOpen(false)}
    >
      <button
        ref={button}
        type="button"
        className="topbar-user user-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        <Icon name="user" />
        {/* On a phone the page title needs the room: the name stays for screen readers. */}
        <span className={isMobile ? 'sr-only' : 'topbar-user-name'}>{displayName(user)}</span>
        <Icon name="chevronDown" size={16} />
      </button>
      {open && (
        <ul id={menuId} role="menu" className="user-menu-list" aria-label="Учётная запись">
          <li role="none" className="user-menu-who">
            {displayName(user)}
            <small>{user.email}</small>
          </li>
          <li role="none">
            <Link role="menuitem" to={to(paths.user, user.id)} onClick={() => setOpen(false)}>
              <Icon name="user" size={18} />
              Моя карточка
            </Link>
          </li>
          <li role="none">
            <Link role="menuitem" to={paths.settingsPassword} onClick={() => setOpen(false)}>
              <Icon name="key" size={18} />
              Сменить пароль
            </Link>
          </li>
          <li role="none">
            <button type="button" role="menuitem" aria-busy={leaving} onClick={leave}>
              <Icon name="signOut" size={18} />
              Выйти
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
