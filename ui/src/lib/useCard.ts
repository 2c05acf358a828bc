//! A user's card (`GET /api/users/{id}`), loaded when the id changes; `reload` after an action,
//! `status` of a failed load (404 for a user who is not there).
import { useEffect, useState } from 'react';
import type { Ok } from '../api/types';
import { endpoints } from '../paths';
import { api, ApiError } from './api/client';
import type { UserCard } from './person';

export const userUrl = (id: number, action?: string) => `${endpoints.users}/${id}${action ? `/${action}` : ''}`;

export function useCard(id: number) {
  const [card, setCard] = useState<UserCard | null>(null);
  const [status, setStatus] = useState<number | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setStatus(null);
    api<Ok<'users_show'>>(userUrl(id), { signal: controller.signal }).then(
      ({ data }) => setCard(data),
      (error: unknown) => {
        if (error instanceof ApiError) setStatus(error.status);
      },
    );
    return () => controller.abort();
  }, [id, round]);

  return { card: card?.id === id ? card : null, status, setCard, reload: () => setRound((n) => n + 1) };
}
