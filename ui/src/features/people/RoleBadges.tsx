//! A user's roles as badges, in Russian.
import { roleName } from './people';

export function RoleBadges({ roles }: { roles: readonly string[] }) {
  return (
    <span className="tag-list">
      {roles.map((role) => (
        <span key={role} className="badge role-badge" data-role={role}>
          {roleName(role)}
        </span>
      ))}
    </span>
  );
}
