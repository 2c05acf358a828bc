//! A board's columns side by side (on a phone one at a time, swiped, with the columns' names as
//! tabs above) and its cards dragged within and across columns by mouse, finger or keyboard.
import {
  closestCorners,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragOverEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useMemo, useRef, useState } from 'react';
import { createOverlay, openOverlay } from '../../lib/overlays';
import { tasksApi, type Card, type Task } from './api';
import { announcements, instructions } from './announcements';
import { BoardColumn } from './BoardColumn';
import { ColumnTabs } from './ColumnTabs';
import { columnOf, moveCard, type Order } from './order';
import { CardBody } from './TaskCard';
import { TaskDialog } from './TaskDialog';
import type { useBoard } from './useBoard';

type BoardState = ReturnType<typeof useBoard>;

/** The column of a drop target: a column's own key or a card's id, as `order` places it. */
function containerOf(order: Order, id: UniqueIdentifier): number | null {
  if (typeof id === 'string' && id.startsWith('column-')) return Number(id.slice('column-'.length));
  return columnOf(order, Number(id));
}

export function BoardView({ state, owner }: { state: BoardState; owner: number }) {
  const { board, cards, order, setOrder, commitMove, putTask, addTask, reload } = state;
  const [active, setActive] = useState<number | null>(null);
  const start = useRef<Order>(order);
  const current = useRef(order);
  current.current = order;
  const known = useRef(cards);
  known.current = cards;
  const lane = useRef<HTMLDivElement>(null);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const accessibility = useMemo(() => {
    const names = new Map(board?.columns.map((column) => [column.id, column.name]));
    return {
      screenReaderInstructions: instructions,
      announcements: announcements((activeId, overId) => {
        const card = known.current[Number(activeId)];
        const order = overId === null ? start.current : current.current;
        const column = containerOf(order, overId ?? activeId);
        if (!card || column === null) return null;
        const ids = order[column] ?? [];
        const inside = ids.includes(card.id);
        const at = overId === null ? ids.indexOf(card.id) : ids.indexOf(Number(overId));
        return { title: card.title, column: names.get(column) ?? '', place: at >= 0 ? at + 1 : ids.length + (inside ? 0 : 1), count: ids.length + (inside ? 0 : 1) };
      }),
    };
  }, [board]);

  if (!board) return null;

  /** The card's whole task read, then its dialog (a failed read has been said by the client). */
  const open = async (card: Card) => {
    const task = await tasksApi.show(card.id).catch(() => null);
    if (!task) return;
    const saved = await openOverlay<Task>(createOverlay(TaskDialog, { props: { task }, destroyOnClose: true }));
    if (!saved) return;
    if (saved.board_id !== board.id || saved.column_id !== columnOf(current.current, saved.id)) reload();
    else putTask(saved);
  };

  const onDragOver = ({ active: dragged, over }: DragOverEvent) => {
    if (!over) return;
    const id = Number(dragged.id);
    setOrder((old) => {
      const from = columnOf(old, id);
      const to = containerOf(old, over.id);
      if (from === null || to === null || from === to) return old;
      const target = old[to] ?? [];
      const overAt = target.indexOf(Number(over.id));
      const moved = dragged.rect.current.translated;
      const below = moved !== null && moved.top > over.rect.top + over.rect.height / 2;
      return moveCard(old, id, to, overAt < 0 ? target.length : overAt + (below ? 1 : 0));
    });
  };

  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActive(null);
    const id = Number(dragged.id);
    const before = start.current;
    let next = current.current;
    if (!over) next = before;
    else {
      const column = columnOf(next, id);
      if (column !== null && containerOf(next, over.id) === column) {
        const ids = next[column];
        const to = ids.indexOf(Number(over.id));
        if (to >= 0 && to !== ids.indexOf(id)) next = moveCard(next, id, column, to);
      }
    }
    void commitMove(id, next, before);
  };

  const dragged = active === null ? null : cards[active];
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      accessibility={accessibility}
      onDragStart={({ active: lifted }) => {
        start.current = current.current;
        setActive(Number(lifted.id));
      }}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        setActive(null);
        setOrder(start.current);
      }}
    >
      <ColumnTabs columns={board.columns} lane={lane} />
      <div ref={lane} className="board-lane" data-dragging={active !== null || undefined}>
        {board.columns.map((column) => (
          <BoardColumn
            key={column.id}
            boardId={board.id}
            owner={owner}
            column={column}
            cards={(order[column.id] ?? []).flatMap((id) => (cards[id] ? [cards[id]] : []))}
            onOpen={(card) => void open(card)}
            onAdded={addTask}
          />
        ))}
      </div>
      <DragOverlay>
        {dragged ? (
          <div className="task-card task-card-lifted" aria-hidden="true">
            <CardBody card={dragged} />
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

