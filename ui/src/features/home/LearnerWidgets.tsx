//! A student's and a parent's start page widgets: «Домашнее задание на завтра», «Новые оценки» and
//! «Оплаты» (the student's own, each of a parent's children's: balance and packages).
import { usePeople } from '../../lib/usePeople';
import { waitsForChildren, type CurrentUser } from '../../lib/user';
import { HomeMoney, OwnMoney } from './HomeMoney';
import { NewMarks } from './NewMarks';
import { TomorrowHomework } from './TomorrowHomework';

export function LearnerWidgets({ user }: { user: CurrentUser }) {
  const student = user.roles.includes('student');
  const parent = user.roles.includes('parent');
  const { people } = usePeople(parent ? user.children_ids : []);
  if (waitsForChildren(user))
    return (
      <p className="home-note">
        К вашей учётной записи пока не привязаны дети. Их занятия, домашние задания, оценки и оплаты появятся здесь, когда менеджер школы свяжет вас с ними.
      </p>
    );
  if (!student && !parent) return null;
  const learners = [
    ...(student ? [{ id: user.id, name: user.full_name }] : []),
    ...(parent ? user.children_ids.map((id) => ({ id, name: people.find((p) => p.id === id)?.full_name ?? '' })) : []),
  ];
  return (
    <div className="home-widgets">
      <TomorrowHomework names={new Map(learners.map((l) => [l.id, l.name]))} />
      <NewMarks learners={learners} parent={parent && !student} />
      {parent && user.children_ids.length > 0 ? <HomeMoney learners={learners} /> : student && <OwnMoney student={learners[0]!} />}
    </div>
  );
}
