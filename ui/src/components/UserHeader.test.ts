import { describe, expect, it } from 'vitest';
import type { UserCard } from '../lib/person';
import type { CurrentUser } from '../lib/user';
import { cardTabs } from './UserHeader';

const card = (roles: UserCard['roles'], links: Partial<Pick<UserCard, 'parent_ids' | 'children_ids'>> = {}) =>
  ({ id: 7, roles, parent_ids: [], children_ids: [], ...links }) as unknown as UserCard;
const manager = { id: 1, roles: ['manager'], children_ids: [], email_verified: true } as unknown as CurrentUser;
const labels = (c: UserCard) => cardTabs(c, manager).map((tab) => tab.label);

describe("a person's card shows the tabs of his roles", () => {
  it('a student: his lessons, journal, money, parents, subjects and courses, no children', () => {
    const tabs = labels(card(['student']));
    expect(tabs).toEqual(expect.arrayContaining(['Занятия', 'Оценки', 'Оплаты', 'Родители', 'Предметы', 'Курсы']));
    expect(tabs).not.toContain('Дети');
  });

  it('a parent: children and parents, no lessons, subjects or courses of his own', () => {
    const tabs = labels(card(['parent']));
    expect(tabs).toEqual(expect.arrayContaining(['Родители', 'Дети', 'Задачи']));
    for (const none of ['Занятия', 'Предметы', 'Курсы', 'Оплаты']) expect(tabs).not.toContain(none);
  });

  it('a teacher: lessons and subjects, no family and no courses', () => {
    const tabs = labels(card(['worker']));
    expect(tabs).toEqual(expect.arrayContaining(['Занятия', 'Предметы']));
    for (const none of ['Родители', 'Дети', 'Курсы', 'Оценки']) expect(tabs).not.toContain(none);
  });

  it('links made before a role changed stay reachable', () => {
    expect(labels(card(['worker'], { parent_ids: [3] }))).toContain('Родители');
    expect(labels(card(['student'], { children_ids: [9] }))).toContain('Дети');
  });

  it("a student's attendance and marks only to whom may read his journal", () => {
    const student = card(['student']);
    expect(labels(student)).toEqual(expect.arrayContaining(['Посещаемость', 'Оценки']));
    const closed = cardTabs(student, manager, false).map((tab) => tab.label);
    for (const none of ['Посещаемость', 'Оценки']) expect(closed).not.toContain(none);
    expect(closed).toContain('Занятия');
  });
});
