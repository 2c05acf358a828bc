//! /users/{id}/marks: the «Оценки» tab of a person's card: his marks by subject over a term or
//! any days. The server decides who reads them (a worker: his students'); its refusal shows as a
//! notice.
import { useParams } from 'react-router';
import { UserHeader } from '../../components/UserHeader';
import { useCard } from '../../lib/useCard';
import { periodOf, useAddress, useTerms } from '../../lib/terms';
import { TermPicker } from '../../components/TermPicker';
import { PersonMarks } from './PersonMarks';
import './marks.css';

export default function UserMarksPage() {
  const id = Number(useParams().id);
  const { card, status } = useCard(id);
  const { search, change } = useAddress();
  const terms = useTerms();
  const period = periodOf(search, terms ?? []);
  return (
    <UserHeader card={card} status={status} heading="Оценки">
      {terms ? (
        <>
          <search className="filters journal-filters">
            <TermPicker terms={terms} period={period} onChange={change} />
          </search>
          <PersonMarks userId={id} from={period.from} to={period.to} />
        </>
      ) : (
        <p aria-busy="true">Загружаем четверти…</p>
      )}
    </UserHeader>
  );
}
