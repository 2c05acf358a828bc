//! The people picker's choice: who is chosen, who can still be added.

interface Person {
  id: number;
}

/** The choice with `person` added at the end (once). */
export const addPerson = <P extends Person>(chosen: readonly P[], person: P): P[] =>
  chosen.some((p) => p.id === person.id) ? [...chosen] : [...chosen, person];

export const removePerson = <P extends Person>(chosen: readonly P[], id: number): P[] => chosen.filter((p) => p.id !== id);

/** Search results that can be added: not the user himself, not chosen already. */
export const candidates = <P extends Person>(found: readonly P[], chosen: readonly P[], selfId: number): P[] =>
  found.filter((p) => p.id !== selfId && !chosen.some((c) => c.id === p.id));
