//! The people behind a list of ids (a card's parents and children, a picker's choice); anyone the
//! viewer may not read (`seesPerson`) is left out quietly, without asking the server for him.
//! `loaded` says the people of these very ids are in.
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Ok } from '../api/types';
import { api } from './api/client';
import type { UserView } from './person';
import { userUrl } from './useCard';
import { currentUser, seesPerson } from './user';

interface Found {
  /** The ids (joined) these people were loaded for; null before the first answer. */
  key: string | null;
  people: UserView[];
}

export function usePeople(ids: readonly number[]) {
  const { user } = useSnapshot(currentUser);
  const [found, setFound] = useState<Found>({ key: null, people: [] });
  const readable = ids.filter((id) => seesPerson(user, id));
  const key = readable.join(',');
  useEffect(() => {
    const controller = new AbortController();
    const load = (id: number) =>
      api<Ok<'users_show'>>(userUrl(id), { signal: controller.signal, silent: true }).then(
        ({ data }) => [data],
        () => [],
      );
    void Promise.all(readable.map(load)).then((people) => {
      if (!controller.signal.aborted) setFound({ key, people: people.flat() });
    });
    return () => controller.abort();
  }, [key]);
  return { people: found.people, loaded: found.key === key };
}
