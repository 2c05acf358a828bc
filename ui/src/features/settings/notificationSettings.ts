//! The notification settings: which kinds also come by e-mail. The form holds the set of kinds
//! ticked; the server takes and returns the whole list (`{mail: [kind…]}`).

/** A row of `GET/PUT /api/user/notification-settings`. */
export interface KindSetting {
  kind: string;
  title: string;
  description: string;
  mail: boolean;
}

/** The kinds that come by e-mail, in the server's order. */
export const mailedKinds = (settings: readonly KindSetting[]) => settings.filter((s) => s.mail).map((s) => s.kind);

/** The choice with `kind` ticked or not, kept in the settings' order. */
export function withKind(settings: readonly KindSetting[], chosen: readonly string[], kind: string, mail: boolean): string[] {
  const next = new Set(chosen);
  if (mail) next.add(kind);
  else next.delete(kind);
  return settings.map((s) => s.kind).filter((k) => next.has(k));
}

/** Whether the choice differs from what the server has. */
export const isChanged = (settings: readonly KindSetting[], chosen: readonly string[]) => mailedKinds(settings).join() !== chosen.join();
