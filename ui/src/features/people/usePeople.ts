//! The people behind a list of ids (a card's parents and children, a picker's choice); anyone the
//! viewer may not read is left out quietly.
import { useEffect, useState } from 'react';
import { api } from '../../lib/api/client';
import type { UserView } from './people';
import { userUrl } from './useCard';

export function usePeople(ids: readonly number[]) {
  const [people, setPeople] = useState<UserView[]>([]);
  const key = ids.join(',');
  useEffect(() => {
    const controller = new AbortController();
    const load = (id: number) =>
      api<{ data: UserView }>(userUrl(id), { signal: controller.signal, silent: true }).then(
        ({ data }) => [data],
        () => [],
      );
    void Promise.all(ids.map(load)).then((found) => {
      if (!controller.signal.aborted) setPeople(found.flat());
    });
    return () => controller.abort();
  }, [key]);
  return people;
}
