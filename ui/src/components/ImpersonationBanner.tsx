//! While a manager acts as another user: 'Вы вошли как …' and the way back to his own account,
//! which ends on the card of the person he acted as (where "Войти как" was pressed).
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { switchAccount } from '../lib/session';
import { currentUser, isActing } from '../lib/user';
import { to } from '../lib/person';
import { endpoints, paths } from '../paths';
import './ImpersonationBanner.css';

export function ImpersonationBanner() {
  const { user } = useSnapshot(currentUser);
  const [pending, setPending] = useState(false);
  if (!user || !isActing(user)) return null;
  const leave = () => {
    setPending(true);
    switchAccount(endpoints.leaveImpersonation, to(paths.user, user.id)).then(
      () => setPending(false),
      () => setPending(false),
    );
  };
  return (
    <div className="impersonation-banner" role="status">
      <span>
        Вы вошли как <strong>{user.full_name}</strong>
      </span>
      <button type="button" aria-busy={pending} onClick={leave}>
        Вернуться в свой аккаунт
      </button>
    </div>
  );
}
