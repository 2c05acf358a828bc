//! The notification settings: which kinds also come by e-mail. The form holds the set of kinds
//! ticked; the server takes and returns the whole list (`{mail: [kind…]}`).

import type { Ok } from '../../api/types';

/** A row of `GET/PUT /api/user/notification-settings`. */
export type KindSetting = Ok<'notification_settings'>['data'][number];
export type Kind = KindSetting['kind'];

/** The kinds that come by e-mail, in the server's order. */
export const mailedKinds = (settings: readonly KindSetting[]) => settings.filter((s) => s.mail).map((s) => s.kind);

/** The choice with `kind` ticked or not, kept in the settings' order. */
export function withKind(settings: readonly KindSetting[], chosen: readonly Kind[], kind: Kind, mail: boolean): Kind[] {
  const next = new Set(chosen);
  if (mail) next.add(kind);
  else next.delete(kind);
  return settings.map((s) => s.kind).filter((k) => next.has(k));
}

/** Whether the choice differs from what the server has. */
export const isChanged = (settings: readonly KindSetting[], chosen: readonly Kind[]) => mailedKinds(settings).join() !== chosen.join();
