//! The top bar: the menu button, the page title, the colour mode switch, shortcuts, the
//! notifications bell, the user's menu (or the sign-in link).
import { Link, useMatches } from 'react-router';
import { useSnapshot } from 'valtio';
import { Icon, type IconName } from '../../components/Icon';
import { Tooltip } from '../../components/Tooltip';
import { setColourMode, theme, type ColourMode } from '../../lib/theme';
import { currentUser } from '../../lib/user';
import { paths } from '../../paths';
import { showShortcuts } from '../hotkeys';
import type { RouteHandle } from '../router';
import { SIDEBAR_TOGGLE_ID, sidebar, toggleSidebar } from '../sidebar';
import { NotificationsBell } from './NotificationsBell';
import { UserMenu } from './UserMenu';

const NEXT_MODE: Record<ColourMode, { next: ColourMode; icon: IconName; label: string }> = {
  light: { next: 'dark', icon: 'sun', label: 'Тема: светлая' },
  dark: { next: 'system', icon: 'moon', label: 'Тема: тёмная' },
  system: { next: 'light', icon: 'monitor', label: 'Тема: как в системе' },
};

export function TopBar() {
  const { isMobile, mobileOpen, expanded } = useSnapshot(sidebar);
  const { mode } = useSnapshot(theme);
  const { user } = useSnapshot(currentUser);
  const title = (useMatches().at(-1)?.handle as RouteHandle | undefined)?.title;
  const modeInfo = NEXT_MODE[mode];

  return (
    <header className="topbar">
      <button
        id={SIDEBAR_TOGGLE_ID}
        type="button"
        className="icon-button"
        aria-label={isMobile ? 'Открыть меню' : expanded ? 'Свернуть меню' : 'Развернуть меню'}
        aria-expanded={isMobile ? mobileOpen : expanded}
        aria-controls="sidebar"
        onClick={toggleSidebar}
      >
        <Icon name="menu" />
      </button>
      <span className="topbar-title">{title ?? 'Klass'}</span>
      <Tooltip text={`${modeInfo.label}. Сменить`}>
        <button type="button" className="icon-button" aria-label={modeInfo.label} onClick={() => setColourMode(modeInfo.next)}>
          <Icon name={modeInfo.icon} />
        </button>
      </Tooltip>
      {/* A phone has no keyboard to speak of, and the page title needs the room for the bell. */}
      {!isMobile && (
        <Tooltip text="Горячие клавиши (?)">
          <button type="button" className="icon-button" aria-label="Горячие клавиши" onClick={showShortcuts}>
            <Icon name="keyboard" />
          </button>
        </Tooltip>
      )}
      {user && <NotificationsBell userId={user.id} />}
      {user ? (
        <UserMenu user={user} />
      ) : (
        <Link to={paths.login} className="topbar-user outline" role="button">
          <Icon name="signIn" />
          <span className="topbar-user-name">Войти</span>
        </Link>
      )}
    </header>
  );
}
