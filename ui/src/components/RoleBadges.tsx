//! A user's roles as badges, in Russian.
import { roleName } from '../lib/person';
import './RoleBadges.css';

export function RoleBadges({ roles }: { roles: readonly string[] }) {
  return (
    <span className="role-list">
      {roles.map((role) => (
        <span key={role} className="badge role-badge" data-role={role}>
          {roleName(role)}
        </span>
      ))}
    </span>
  );
}
