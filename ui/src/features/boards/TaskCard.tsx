//! A card on a board: its title (opens the task), due date (red when overdue), priority and
//! assignee. The mouse or a finger drags it by any part; the keyboard lifts it by its handle.
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Icon } from '../../components/Icon';
import { formatDate } from '../../lib/format';
import type { Card } from './api';
import { PRIORITIES } from './labels';

interface Props {
  card: Card;
  onOpen: (card: Card) => void;
}

/** The card's face; without `onOpen` (the copy that follows the pointer) the title is no button. */
export function CardBody({ card, onOpen }: { card: Card; onOpen?: (card: Card) => void }) {
  return (
    <>
      {onOpen ? (
        <button type="button" className="task-card-title" onClick={() => onOpen(card)}>
          {card.title}
        </button>
      ) : (
        <span className="task-card-title">{card.title}</span>
      )}
      <p className="task-card-meta">
        <span className={card.overdue ? 'task-card-due overdue' : 'task-card-due'}>
          {formatDate(card.due_on)}
          {card.overdue && <span className="sr-only"> (просрочена)</span>}
        </span>
        <span className="badge task-priority" data-priority={card.priority}>
          {PRIORITIES[card.priority]}
        </span>
        {card.has_description && (
          <span className="task-card-described" title="Есть описание">
            <Icon name="edit" size={14} />
            <span className="sr-only">Есть описание</span>
          </span>
        )}
      </p>
      <p className="task-card-assignee">{card.assignee_name}</p>
    </>
  );
}

export function TaskCard({ card, onOpen }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: card.id,
    attributes: { roleDescription: 'перемещаемая карточка' },
  });
  return (
    <li
      ref={setNodeRef}
      className="task-card"
      data-task={card.id}
      data-status={card.status}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...listeners}
    >
      <button type="button" ref={setActivatorNodeRef} className="task-card-handle" {...attributes} aria-label={`Переместить «${card.title}»`}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      </button>
      <CardBody card={card} onOpen={onOpen} />
    </li>
  );
}
