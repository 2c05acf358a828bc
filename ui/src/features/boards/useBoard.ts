//! One board with its cards (`GET /api/boards/{id}`): the columns, each card by id and the order
//! the drag works on. A move is shown at once and sent with its neighbours; the server's answer
//! updates the card, a failure puts the order back and says so.
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api/client';
import { addToast } from '../../lib/toasts';
import { boardsApi, cardOf, tasksApi, type BoardDetail, type Card, type Task } from './api';
import { moveCard, neighbours, orderOf, sameOrder, type Order } from './order';

export type Cards = Record<number, Card>;

const byId = (cards: readonly Card[]): Cards => Object.fromEntries(cards.map((card) => [card.id, card]));

export function useBoard(id: number) {
  const [board, setBoard] = useState<BoardDetail | null>(null);
  const [cards, setCards] = useState<Cards>({});
  const [order, setOrder] = useState<Order>({});
  const [failed, setFailed] = useState<number | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(null);
    boardsApi.show(id, controller.signal).then(
      (detail) => {
        setBoard(detail);
        setCards(byId(detail.cards));
        setOrder(orderOf(detail.columns, detail.cards));
      },
      (error: unknown) => {
        if (error instanceof ApiError) setFailed(error.status);
      },
    );
    return () => controller.abort();
  }, [id, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);

  /** A card as the server now has its task (after a change in its dialog or a move). */
  const putTask = useCallback((task: Task) => {
    const card = cardOf(task);
    if (card) setCards((old) => ({ ...old, [card.id]: card }));
  }, []);

  /** A new card at the end of its column. */
  const addTask = useCallback((task: Task) => {
    const card = cardOf(task);
    if (!card) return;
    setCards((old) => ({ ...old, [card.id]: card }));
    setOrder((old) => moveCard(old, card.id, card.column_id, Number.MAX_SAFE_INTEGER));
  }, []);

  /** Sends the move of card `task` that `next` shows (from `before`); back to `before` on failure. */
  const commitMove = useCallback(
    async (task: number, next: Order, before: Order) => {
      const spot = neighbours(next, task);
      setOrder(next);
      if (!spot || sameOrder(next, before)) return;
      try {
        putTask(await tasksApi.move(task, { board_id: id, ...spot }));
      } catch (error) {
        setOrder(before);
        const reason = error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : 'Сервер не ответил. Повторите попытку.';
        addToast({ color: 'error', title: 'Карточка не перемещена', description: reason });
      }
    },
    [id, putTask],
  );

  return { board: board?.id === id ? board : null, setBoard, cards, order, setOrder, failed, reload, putTask, addTask, commitMove };
}
