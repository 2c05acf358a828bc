import { describe, expect, it } from 'vitest';
import { today } from '../../lib/timetable';
import { lessonFilters } from './lessons';

const read = (search: string) => lessonFilters.read(new URLSearchParams(search));

describe('the lessons list filters', () => {
  it('start today and leave today out of the address', () => {
    const values = read('');
    expect(values.from).toBe(today());
    expect(lessonFilters.write(values).toString()).toBe('');
    expect(lessonFilters.narrowed(values)).toBe(false);
  });

  it('keep a period, a teacher, a group and a state in the address and send them by the API names', () => {
    const values = read('from=2030-01-07&to=2030-01-13&teacher=4&group=7&status=planned&room=12');
    expect(lessonFilters.write(values).toString()).toBe('from=2030-01-07&to=2030-01-13&teacher=4&group=7&room=12&status=planned');
    expect(lessonFilters.query(values)).toMatchObject({ from: '2030-01-07', to: '2030-01-13', teacher_id: 4, group_id: 7, status: 'planned', room: '12', per_page: 50 });
  });

  it('turn a backward period round and drop what is not a day or a state', () => {
    expect(read('from=2030-01-13&to=2030-01-07')).toMatchObject({ from: '2030-01-07', to: '2030-01-13' });
    expect(read('from=вчера&status=maybe')).toMatchObject({ from: today(), status: '' });
  });
});
