import { describe, expect, it } from 'vitest';
import { entityLink, logFilters, personLogFilters, whoDid, whoText, type ActivityEntry } from './activity';

const { read: readFilters, write: writeFilters } = logFilters;

/** What the server sends for an empty field the schema calls optional. */
const NULL = null as unknown as undefined;

const entry = (change: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: 1,
  created_at: '2026-11-22T10:00:00Z',
  actor_id: 12,
  actor_name: 'Иванов Артём Сергеевич',
  impersonator_id: NULL,
  impersonator_name: NULL,
  action: 'user.updated',
  action_title: 'Изменение карточки',
  entity: 'user',
  entity_id: 12,
  subject_ids: [12],
  summary: 'Изменён телефон',
  ip: '127.0.0.1',
  ...change,
});

describe('activity log filters', () => {
  it('reads the filters from the query string, dropping nonsense', () => {
    expect(readFilters(new URLSearchParams('user_id=7&action=user.created&date_from=2026-11-01&date_to=2026-11-30&page=2'))).toEqual({
      userId: 7,
      action: 'user.created',
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      perPage: 25,
      page: 2,
    });
    expect(readFilters(new URLSearchParams('user_id=x&date_from=2026-02-30&date_to=01.11.2026&page=0'))).toEqual({
      userId: null,
      action: '',
      dateFrom: '',
      dateTo: '',
      perPage: 25,
      page: 1,
    });
  });

  it('turns a reversed period round', () => {
    const filters = readFilters(new URLSearchParams('date_from=2026-11-30&date_to=2026-11-01'));
    expect([filters.dateFrom, filters.dateTo]).toEqual(['2026-11-01', '2026-11-30']);
  });

  it('writes what is set under the API names, so the address reads back the same', () => {
    const params = writeFilters({ userId: 7, action: 'tag.created', dateFrom: '2026-11-01', dateTo: '', perPage: 25, page: 1 });
    expect(params.toString()).toBe('user_id=7&action=tag.created&date_from=2026-11-01');
    expect(readFilters(params)).toEqual({ userId: 7, action: 'tag.created', dateFrom: '2026-11-01', dateTo: '', perPage: 25, page: 1 });
    expect(writeFilters({ userId: null, action: '', dateFrom: '', dateTo: '', perPage: 25, page: 3 }).toString()).toBe('page=3');
  });

  it("asks for the person only on the whole log, not in a person's own", () => {
    const params = new URLSearchParams('user_id=7&date_to=2026-11-30');
    expect(logFilters.query(logFilters.read(params))).toEqual({ user_id: 7, action: undefined, date_from: undefined, date_to: '2026-11-30', per_page: 25, page: 1 });
    expect(personLogFilters.query(personLogFilters.read(params))).not.toHaveProperty('user_id');
    const byPerson = logFilters.read(new URLSearchParams('user_id=7'));
    expect(logFilters.narrowed(byPerson)).toBe(true);
    expect(personLogFilters.narrowed(personLogFilters.read(new URLSearchParams('user_id=7')))).toBe(false);
  });
});

describe('who did it', () => {
  it('names the actor', () => {
    expect(whoText(entry())).toBe('Иванов А. С.');
    expect(whoDid(entry())).toEqual([{ id: 12, name: 'Иванов А. С.' }]);
  });

  it('shows a change made while acting as someone as both people, the manager first', () => {
    const acted = entry({ impersonator_id: 1, impersonator_name: 'Орлова Наталья Игоревна' });
    expect(whoText(acted)).toBe('Орлова Н. И. от имени Иванов А. С.');
    expect(whoDid(acted).map((p) => p.id)).toEqual([1, 12]);
  });

  it('calls a change without a person the system, and a person without a name by number', () => {
    expect(whoText(entry({ actor_id: NULL, actor_name: NULL }))).toBe('Система');
    expect(whoText(entry({ actor_name: NULL }))).toBe('Пользователь №12');
  });
});

describe('where an entry leads', () => {
  it("links a person's entry to the card and a tag's to the tags", () => {
    expect(entityLink(entry({ entity_id: 30 }))).toBe('/users/30');
    expect(entityLink(entry({ entity: 'tag', entity_id: 3 }))).toBe('/tags');
    expect(entityLink(entry({ entity: 'subject', entity_id: 3 }))).toBe('/subjects');
    expect(entityLink(entry({ entity: 'course', entity_id: 4 }))).toBe('/courses/4');
    expect(entityLink(entry({ entity: 'file', entity_id: 8, subject_ids: [30] }))).toBe('/users/30/files');
    expect(entityLink(entry({ entity: 'session', entity_id: NULL }))).toBeNull();
    expect(entityLink(entry({ entity: 'user', entity_id: NULL }))).toBeNull();
  });

  it('does not link to a card the names already link to', () => {
    expect(entityLink(entry())).toBeNull();
    expect(entityLink(entry({ actor_id: 30, impersonator_id: 12 }))).toBeNull();
    expect(entityLink(entry({ entity_id: 30 }), 30)).toBeNull();
  });
});
