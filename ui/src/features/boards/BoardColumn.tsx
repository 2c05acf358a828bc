//! One column of a board: its name and count, its cards in order (a drop target even when empty)
//! and «Добавить карточку» at its foot (a title; due today, assigned to the board's owner).
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useState, type FormEvent } from 'react';
import { Icon } from '../../components/Icon';
import { ApiError } from '../../lib/api/client';
import { today } from '../../lib/timetable';
import { tasksApi, type Card, type Column, type Task } from './api';
import { TaskCard } from './TaskCard';

/** The drop target id of a column (cards use their task ids). */
export const columnKey = (id: number) => `column-${id}`;

interface Props {
  boardId: number;
  owner: number;
  column: Column;
  cards: readonly Card[];
  onOpen: (card: Card) => void;
  onAdded: (task: Task) => void;
}

function AddCard({ boardId, owner, column, onAdded }: Omit<Props, 'cards' | 'onOpen'>) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!title.trim()) {
      setError('Введите название задачи');
      return;
    }
    setPending(true);
    try {
      onAdded(await tasksApi.create({ title: title.trim(), due_on: today(), assignee_id: owner, board_id: boardId, column_id: column.id }));
      setTitle('');
      setError(null);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) setError(Object.values(failure.fieldErrors)[0] ?? failure.message);
    } finally {
      setPending(false);
    }
  };
  return (
    <form className="board-add-card" onSubmit={(event) => void submit(event)} noValidate>
      <input
        type="text"
        value={title}
        maxLength={200}
        placeholder="Новая карточка"
        aria-label={`Новая карточка в колонке «${column.name}»`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setTitle(event.target.value);
          setError(null);
        }}
      />
      <button type="submit" aria-busy={pending} aria-label={`Добавить карточку в колонку «${column.name}»`}>
        <Icon name="plus" size={18} />
      </button>
      {error && <small role="alert">{error}</small>}
    </form>
  );
}

export function BoardColumn({ boardId, owner, column, cards, onOpen, onAdded }: Props) {
  const { setNodeRef, isOver } = useDroppable({ id: columnKey(column.id) });
  const headingId = `board-column-${column.id}`;
  return (
    <section className="board-column" aria-labelledby={headingId} data-column={column.id}>
      <h3 id={headingId}>
        {column.name} <span className="muted">{cards.length}</span>
      </h3>
      <SortableContext id={columnKey(column.id)} items={cards.map((card) => card.id)} strategy={verticalListSortingStrategy}>
        <ul ref={setNodeRef} className="board-cards" data-over={isOver || undefined} aria-label={`Карточки колонки «${column.name}»`}>
          {cards.map((card) => (
            <TaskCard key={card.id} card={card} onOpen={onOpen} />
          ))}
          {cards.length === 0 && <li className="board-column-empty muted">Перетащите сюда карточку или добавьте новую</li>}
        </ul>
      </SortableContext>
      <AddCard boardId={boardId} owner={owner} column={column} onAdded={onAdded} />
    </section>
  );
}
