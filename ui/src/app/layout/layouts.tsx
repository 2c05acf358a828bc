//! The three layouts of spec §2: default (sidebar, top bar, content), blank (sign-in and print
//! pages) and profile (default plus the header of the user whose page it is).
import { Outlet } from 'react-router';
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

/** The pages draw the user's header themselves (components/UserHeader): they hold the card. */
export function ProfileLayout() {
  return (
    <Shell>
      <div className="profile-layout">
        <Outlet />
      </div>
    </Shell>
  );
}
