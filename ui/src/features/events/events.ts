//! Events (`/events`, managers): the list's filters kept in the address (a kind, a period, the
//! view: a list or a month; the page size), the dialog's form turned into the API's body and back,
//! and the question asked before a holiday cancels lessons.
import type { Body, Ok, Row } from '../../api/types';
import { defineFilters, isoDay, oneOf, perPage, day, type Field } from '../../lib/filters';
import { isoFromRuDate, ruDateFromIso } from '../../lib/forms';
import { clock, wallClock } from '../../lib/period';
import { daysOfEvent, EVENT_KINDS, type EventKind } from '../../lib/events';
import type { UserView } from '../../lib/person';
import { plural, pluralForm } from '../../lib/plural';

export type SchoolEvent = Row<'events_list'>;
export type EventBody = Body<'events_create'>;
export type Preview = Ok<'events_preview'>['data'];
export type AudienceKind = SchoolEvent['audience']['kind'];

/** The page's views: the list, or a month of the calendar. */
export const EVENT_VIEWS = ['list', 'month'] as const;

/** The view, `list` unless the address says `month`; never sent to the API. */
const shown = (): Field<(typeof EVENT_VIEWS)[number]> => ({
  read: (params, name) => (params.get(name) === 'month' ? 'month' : 'list'),
  write: (value, params, name) => value !== 'list' && params.set(name, value),
  query: () => undefined,
  narrows: () => false,
});

/** The month's day shown in the month view (today when absent); never sent to the API. */
const month = (): Field<string> => ({
  read: (params, name) => isoDay(params.get(name)),
  write: (value, params, name) => value && params.set(name, value),
  query: () => undefined,
  narrows: () => false,
});

export const eventFilters = defineFilters(
  'events_list',
  {
    kind: oneOf(EVENT_KINDS),
    from: day(),
    to: day(),
    view: shown(),
    month: month(),
    perPage: perPage([20, 50, 100]),
  },
  // A period typed backwards is turned round.
  (values) => (values.from && values.to && values.to < values.from ? { ...values, from: values.to, to: values.from } : values),
);

/** The dialog's values: days typed ДД.ММ.ГГГГ, times ЧЧ:ММ, the audience's groups and people. */
export interface EventForm {
  title: string;
  description: string;
  kind: EventKind;
  all_day: boolean;
  start_day: string;
  start_time: string;
  end_day: string;
  end_time: string;
  audience: AudienceKind;
  group_ids: number[];
  /** The people of a `people` audience (named: the picker shows them). */
  people: UserView[];
  cancels_lessons: boolean;
}

/** A new event: an all-day one on `day`, for everyone. */
export const blankForm = (day: string): EventForm => ({
  title: '',
  description: '',
  kind: 'holiday',
  all_day: true,
  start_day: ruDateFromIso(day),
  start_time: '09:00',
  end_day: ruDateFromIso(day),
  end_time: '10:00',
  audience: 'all',
  group_ids: [],
  people: [],
  cancels_lessons: false,
});

/** The form of an existing event, with the people of its audience as loaded. */
export function formOf(event: SchoolEvent, people: UserView[] = []): EventForm {
  const start = wallClock(event.starts_at);
  const end = wallClock(event.ends_at);
  const days = daysOfEvent(event.starts_at, event.ends_at);
  const ids = event.audience.ids ?? [];
  return {
    title: event.title,
    description: event.description,
    kind: event.kind,
    all_day: event.all_day,
    start_day: ruDateFromIso(start?.day ?? ''),
    // An all-day event offers the usual hours should it get times.
    start_time: start && !event.all_day ? clock(start.minutes) : '09:00',
    end_day: ruDateFromIso((event.all_day ? days?.last : end?.day) ?? ''),
    end_time: end && !event.all_day ? clock(end.minutes) : '10:00',
    audience: event.audience.kind,
    group_ids: event.audience.kind === 'groups' ? [...ids] : [],
    people: event.audience.kind === 'people' ? people.filter((person) => ids.includes(person.id)) : [],
    cancels_lessons: event.cancels_lessons,
  };
}

/**
 * The API's body: an all-day event sends its first and LAST day, another the local times
 * «2026-12-29T18:00»; a day the browser cannot read goes as typed, for the server's message.
 */
export function bodyOf(form: EventForm): EventBody {
  const dayOf = (text: string) => isoFromRuDate(text.trim()) ?? text.trim();
  const at = (text: string, time: string) => (form.all_day ? dayOf(text) : `${dayOf(text)}T${time.trim()}`);
  const ids = form.audience === 'groups' ? form.group_ids : form.audience === 'people' ? form.people.map((p) => p.id) : [];
  return {
    title: form.title.trim(),
    description: form.description.trim(),
    kind: form.kind,
    starts_at: at(form.start_day, form.start_time),
    ends_at: at(form.end_day, form.end_time),
    all_day: form.all_day,
    audience: { kind: form.audience, ids },
    cancels_lessons: form.kind === 'holiday' && form.cancels_lessons,
  };
}

/** «Будет отменено 12 занятий, это коснётся 30 человек». */
export function cancelQuestion({ lessons, people }: Preview): string {
  const verb = pluralForm(lessons, ['Будет отменено', 'Будут отменены', 'Будет отменено']);
  return `${verb} ${plural(lessons, ['занятие', 'занятия', 'занятий'])}, это коснётся ${plural(people, ['человека', 'человек', 'человек'])}`;
}

/** «Все», «Сотрудники», «3 группы», «5 человек». */
export function audienceName(audience: SchoolEvent['audience']): string {
  const count = audience.ids?.length ?? 0;
  if (audience.kind === 'groups') return plural(count, ['группа', 'группы', 'групп']);
  if (audience.kind === 'people') return plural(count, ['человек', 'человека', 'человек']);
  return audience.kind === 'staff' ? 'Сотрудники' : 'Все';
}
