//! The notification settings: which kinds also come by e-mail, and which (of those the server
//! calls `switchable`) do not come at all. The form holds the sets of kinds ticked; the server
//! takes and returns the whole lists (`{mail: [kind…], off: [kind…]}`).

import type { Ok } from '../../api/types';

/** A row of `GET/PUT /api/user/notification-settings`. */
export type KindSetting = Ok<'notification_settings'>['data'][number];
export type Kind = KindSetting['kind'];

/** The kinds that come by e-mail, in the server's order. */
export const mailedKinds = (settings: readonly KindSetting[]) => settings.filter((s) => s.mail).map((s) => s.kind);

/** The kinds switched off, in the server's order. */
export const offKinds = (settings: readonly KindSetting[]) => settings.filter((s) => s.off).map((s) => s.kind);

/** The choice (mailed or switched off) with `kind` ticked or not, kept in the settings' order. */
export function withKind(settings: readonly KindSetting[], chosen: readonly Kind[], kind: Kind, ticked: boolean): Kind[] {
  const next = new Set(chosen);
  if (ticked) next.add(kind);
  else next.delete(kind);
  return settings.map((s) => s.kind).filter((k) => next.has(k));
}

/** Whether the choice differs from what the server has. */
export const isChanged = (settings: readonly KindSetting[], chosen: readonly Kind[], off: readonly Kind[] = offKinds(settings)) =>
  mailedKinds(settings).join() !== chosen.join() || offKinds(settings).join() !== off.join();
