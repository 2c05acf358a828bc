//! Every subject of the school (a school has a few dozen: one page of 100), for pickers and
//! filters; archived ones too, so a record that uses one still names it.
import { useList } from '../../lib/useList';
import { endpoints } from '../../paths';
import type { Subject } from './catalog';

const ALL = { archived: 'with', per_page: 100 };

export function useSubjects() {
  const { page, failed, reload } = useList<Subject>(endpoints.subjects, ALL);
  return { subjects: page?.data ?? [], loaded: page !== null, failed, reload };
}
