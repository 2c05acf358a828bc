//! /users/{id}/boards: a person's kanban boards under his card's header and tabs (he himself or
//! a manager): the boards as tabs, the chosen one (`?board=`) with its columns and cards.
import { useParams } from 'react-router';
import { UserHeader } from '../../components/UserHeader';
import { useCard } from '../../lib/useCard';
import { Boards } from './Boards';
import './boards.css';

export default function UserBoardsPage() {
  const id = Number(useParams().id);
  const { card, status } = useCard(id);
  return (
    <UserHeader card={card} status={status} heading="Доски">
      {card && <Boards owner={id} />}
    </UserHeader>
  );
}
