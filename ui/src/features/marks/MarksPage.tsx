//! /marks: staff get a group's or a subject's journal grid; a student his marks by subject, a parent his
//! children's.
import { useSnapshot } from 'valtio';
import { PageHeading } from '../../components/PageHeading';
import { currentUser, isStaff } from '../../lib/user';
import { StaffJournalView } from './StaffJournalView';
import { OwnMarksView } from './OwnMarksView';
import './marks.css';

export default function MarksPage() {
  const { user } = useSnapshot(currentUser);
  const staff = isStaff(user);
  return (
    <>
      <PageHeading title={staff ? 'Журнал' : 'Оценки'} />
      {staff ? <StaffJournalView /> : <OwnMarksView />}
    </>
  );
}
