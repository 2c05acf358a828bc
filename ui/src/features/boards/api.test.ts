import { describe, expect, it } from 'vitest';
import { changeOf, type Task } from './api';

describe("what a card's dialog sends", () => {
  const task = { id: 9, title: 'Позвонить маме', description: 'Номер в карточке', due_on: '2026-12-01', priority: 'high', status: 'todo' } as Task;
  const form = { title: 'Позвонить маме', description: 'Номер в карточке', due_on: '2026-12-01', priority: 'high', status: 'todo' } as const;

  it('sends only the fields changed: a card dragged to «Готово» meanwhile stays there', () => {
    expect(changeOf(task, { ...form, due_on: '2026-12-02' })).toEqual({ due_on: '2026-12-02' });
    expect(changeOf(task, form)).toEqual({});
    expect(changeOf(task, { ...form, status: 'in_progress' })).toEqual({ status: 'in_progress' });
  });
});
