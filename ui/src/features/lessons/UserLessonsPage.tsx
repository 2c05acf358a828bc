//! /users/{id}/lessons: a person's lessons (those he teaches or attends) from today on, by day;
//! the server answers by master-by-url (staff: anyone; a student himself; a parent his children).
import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { lessonAction } from '../../components/LessonDialogs';
import { LessonList } from '../../components/LessonList';
import { ListResults } from '../../components/ListResults';
import { UserHeader } from '../../components/UserHeader';
import { useCard, userUrl } from '../../lib/useCard';
import { useListPage } from '../../lib/useListPage';
import { managesLesson, type Lesson } from '../../lib/teaching';
import { currentUser } from '../../lib/user';
import { ruDateFromIso } from '../../lib/forms';
import { lessonFilters } from './lessons';
import { PeriodFilter } from './PeriodFilter';
import './lessons.css';

export default function UserLessonsPage() {
  const id = Number(useParams().id);
  const { card, status } = useCard(id);
  const { user } = useSnapshot(currentUser);
  const view = useListPage(lessonFilters, card ? userUrl(id, 'lessons') : null);
  const { filters, update } = view;
  const manages = (lesson: Lesson) => managesLesson(user, lesson);
  return (
    <UserHeader card={card} status={status} heading="Занятия">
      <search className="filters lessons-filters lessons-filters-own">
        <PeriodFilter from={filters.from} to={filters.to} onChange={(change) => update(change)} />
      </search>
      <ListResults view={view} what="занятия" empty={<p>С {ruDateFromIso(filters.from)} занятий нет.</p>}>
        {(rows, busy) => (
          <LessonList
            lessons={rows}
            busy={busy}
            manages={manages}
            onAction={(action, lesson) => void lessonAction(action, lesson).then((changed) => changed && view.list.reload(), () => undefined)}
          />
        )}
      </ListResults>
    </UserHeader>
  );
}
