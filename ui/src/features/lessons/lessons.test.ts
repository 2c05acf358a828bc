import { describe, expect, it } from 'vitest';
import { today } from '../../lib/timetable';
import { lessonFilters, ownLessonFilters } from './lessons';

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

  it('keep «only those over», as the home tile «Журнал не заполнен» opens them', () => {
    const values = read('from=2026-11-17&to=2026-11-23&status=planned&over=true');
    expect(lessonFilters.query(values)).toMatchObject({ from: '2026-11-17', to: '2026-11-23', status: 'planned', over: 'true' });
    expect(lessonFilters.narrowed(values)).toBe(true);
  });

  it('turn a backward period round and drop what is not a day or a state', () => {
    expect(read('from=2030-01-13&to=2030-01-07')).toMatchObject({ from: '2030-01-07', to: '2030-01-13' });
    expect(read('from=вчера&status=maybe')).toMatchObject({ from: today(), status: '' });
  });
});

describe("a teacher's own lessons list", () => {
  const own = ownLessonFilters(4);
  const mine = (search: string) => own.read(new URLSearchParams(search));

  it('opens on his own lessons without saying so in the address', () => {
    const values = mine('');
    expect(values.teacher).toBe(4);
    expect(own.write(values).toString()).toBe('');
    expect(own.query(values)).toMatchObject({ teacher_id: 4 });
    expect(own.narrowed(values)).toBe(false);
  });

  it('keeps «every teacher» and another teacher in the address', () => {
    const all = mine('teacher=all');
    expect(all.teacher).toBeNull();
    expect(own.write(all).toString()).toBe('teacher=all');
    expect(own.query(all).teacher_id).toBeUndefined();
    expect(own.write(mine('teacher=9')).toString()).toBe('teacher=9');
    expect(own.narrowed(mine('teacher=9'))).toBe(true);
  });

  it('leaves a manager list as it was: no teacher unless named', () => {
    expect(read('').teacher).toBeNull();
    expect(read('teacher=all').teacher).toBeNull();
  });
});
