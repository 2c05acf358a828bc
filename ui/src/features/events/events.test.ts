import { describe, expect, it } from 'vitest';
import type { Values } from '../../lib/filters';
import { eventWhen } from '../../lib/events';
import { audienceName, blankForm, bodyOf, cancelQuestion, eventFilters, formOf, type SchoolEvent } from './events';

type EventFilters = Values<typeof eventFilters.fields>;
const { read, write, query, narrowed } = eventFilters;
const defaults: EventFilters = { kind: '', from: '', to: '', view: 'list', month: '', page: 1, perPage: 20 };

describe('events list filters in the query string', () => {
  it('reads every filter, dropping an unknown kind, a non-day, a bad view and page size', () => {
    const params = new URLSearchParams('kind=exam&from=2026-12-01&to=2026-12-31&view=month&month=2026-12-10&page=2&per_page=50');
    expect(read(params)).toEqual({ kind: 'exam', from: '2026-12-01', to: '2026-12-31', view: 'month', month: '2026-12-10', page: 2, perPage: 50 });
    expect(read(new URLSearchParams('kind=party&from=2026-02-30&view=week&per_page=7&page=0'))).toEqual(defaults);
  });

  it('turns a period typed backwards round', () => {
    expect(read(new URLSearchParams('from=2026-12-31&to=2026-12-01'))).toMatchObject({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('writes only what differs from the defaults, and reads back the same filters', () => {
    expect(write(defaults).toString()).toBe('');
    const filters: EventFilters = { kind: 'holiday', from: '2026-12-29', to: '', view: 'month', month: '2027-01-01', page: 3, perPage: 100 };
    const written = write(filters);
    expect(written.toString()).toBe('kind=holiday&from=2026-12-29&view=month&month=2027-01-01&per_page=100&page=3');
    expect(read(written)).toEqual(filters);
  });

  it('sends the kind and the period to the API, never the view or the month', () => {
    expect(query({ ...defaults, kind: 'meeting', from: '2026-11-01', view: 'month', month: '2026-11-05' })).toEqual({
      kind: 'meeting',
      from: '2026-11-01',
      to: undefined,
      view: undefined,
      month: undefined,
      page: 1,
      per_page: 20,
    });
  });

  it('knows a filtered list from a paged one or another view', () => {
    expect(narrowed({ ...defaults, page: 4, view: 'month', month: '2026-11-01' })).toBe(false);
    expect(narrowed({ ...defaults, kind: 'exam' })).toBe(true);
    expect(narrowed({ ...defaults, to: '2026-12-31' })).toBe(true);
  });
});

const holiday = {
  id: 7,
  title: 'Новогодние каникулы',
  description: 'Отдыхаем',
  kind: 'holiday',
  starts_at: '2026-12-29T00:00:00+03:00',
  ends_at: '2027-01-09T00:00:00+03:00',
  all_day: true,
  audience: { kind: 'groups', ids: [3, 4] },
  cancels_lessons: true,
  author_id: 1,
  created_at: '2026-11-20T10:00:00+03:00',
} as unknown as SchoolEvent;

describe('the event dialog and the API body', () => {
  it('sends an all-day event with its first and LAST day', () => {
    const body = bodyOf({ ...blankForm('2026-12-29'), title: ' Каникулы ', end_day: '08.01.2027', cancels_lessons: true });
    expect(body).toEqual({
      title: 'Каникулы',
      description: '',
      kind: 'holiday',
      starts_at: '2026-12-29',
      ends_at: '2027-01-08',
      all_day: true,
      audience: { kind: 'all', ids: [] },
      cancels_lessons: true,
    });
  });

  it('sends local times for a timed event, the audience ids, and no cancelling but for a holiday', () => {
    const form = { ...blankForm('2026-11-27'), title: 'Собрание', kind: 'meeting' as const, all_day: false, start_time: '18:00', end_time: '19:30', audience: 'people' as const, cancels_lessons: true };
    const body = bodyOf({ ...form, people: [{ id: 5, full_name: 'Иванов Иван' }, { id: 9, full_name: 'Петров Пётр' }] as never });
    expect(body).toMatchObject({ starts_at: '2026-11-27T18:00', ends_at: '2026-11-27T19:30', all_day: false, audience: { kind: 'people', ids: [5, 9] }, cancels_lessons: false });
  });

  it('reads an event back into the form: the last day of an all-day event is the day before its end', () => {
    const form = formOf(holiday);
    expect(form).toMatchObject({ start_day: '29.12.2026', end_day: '08.01.2027', all_day: true, audience: 'groups', group_ids: [3, 4], cancels_lessons: true });
    expect(bodyOf(form)).toMatchObject({ starts_at: '2026-12-29', ends_at: '2027-01-08' });
  });

  it('says when an event is and for whom', () => {
    expect(eventWhen(holiday.starts_at, holiday.ends_at, true)).toBe('29.12.2026–08.01.2027, весь день');
    expect(eventWhen('2026-11-23T00:00:00+03:00', '2026-11-24T00:00:00+03:00', true)).toBe('23.11.2026, весь день');
    expect(eventWhen('2026-11-27T18:00:00+03:00', '2026-11-27T19:30:00+03:00', false)).toBe('27.11.2026, 18:00–19:30');
    expect(audienceName(holiday.audience)).toBe('2 группы');
    expect(audienceName({ kind: 'people', ids: [1, 2, 3, 4, 5] } as SchoolEvent['audience'])).toBe('5 человек');
    expect(audienceName({ kind: 'staff', ids: [] } as SchoolEvent['audience'])).toBe('Сотрудники');
  });

  it('asks before cancelling lessons, declined in Russian', () => {
    expect(cancelQuestion({ lessons: 12, people: 30 })).toBe('Будет отменено 12 занятий, это коснётся 30 человек');
    expect(cancelQuestion({ lessons: 1, people: 1 })).toBe('Будет отменено 1 занятие, это коснётся 1 человека');
    expect(cancelQuestion({ lessons: 3, people: 21 })).toBe('Будут отменены 3 занятия, это коснётся 21 человека');
    expect(cancelQuestion({ lessons: 11, people: 4 })).toBe('Будет отменено 11 занятий, это коснётся 4 человек');
  });
});
