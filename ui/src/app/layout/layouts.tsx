//! The three layouts of spec §2: default (sidebar, top bar, content), blank (sign-in and print
//! pages) and profile (default plus the header of the user whose page it is).
import { Outlet, useParams } from 'react-router';
import { Shell } from './Shell';

export function DefaultLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function BlankLayout() {
  return (
    <main id="content" className="blank-layout">
      <Outlet />
    </main>
  );
}

export function ProfileLayout() {
  const { id } = useParams();
  return (
    <Shell>
      <header className="profile-header">
        <p className="muted">Профиль пользователя № {id}</p>
      </header>
      <Outlet />
    </Shell>
  );
}
