import { describe, expect, it } from 'vitest';
import {
  canCommit,
  changeQuestion,
  countKinds,
  filterRows,
  markedRoles,
  rowLabel,
  type ImportReport,
  type ImportResult,
  type ImportRow,
} from './importCsv';

const row = (n: number, action: ImportRow['action'], extra: Partial<ImportRow> = {}): ImportRow => ({
  row: n,
  action,
  values: {},
  changes: [],
  roles_added: [],
  errors: [],
  ...extra,
});

const report: ImportReport = {
  columns: ['Фамилия', 'Email'],
  rows: [row(2, 'create'), row(3, 'update')],
  rows_total: 2,
  created: 1,
  updated: 1,
  restored: 0,
  errors: [],
  warnings: [],
};

describe('CSV import helpers', () => {
  it('allows the write only after a clean preview', () => {
    const clean: ImportResult = { ok: true, report };
    const dirty: ImportResult = { ok: true, report: { ...report, errors: [{ row: 3, column: 'Email', message: 'x' }] } };
    expect(canCommit(clean, false)).toBe(true);
    expect(canCommit(clean, true)).toBe(false);
    expect(canCommit(dirty, false)).toBe(false);
    expect(canCommit(null, false)).toBe(false);
    expect(canCommit({ ok: false, message: 'Файл пустой', report: { ...report, rows_total: 0 } }, false)).toBe(false);
  });

  it('names rows the Russian way', () => {
    expect(rowLabel(0)).toBe('Файл');
    expect(rowLabel(1)).toBe('1 (заголовок)');
    expect(rowLabel(7)).toBe('7');
  });

  it('filters rows by action, a row with errors counting as an error only', () => {
    const broken = row(5, 'skip', { errors: [{ row: 5, column: 'Имя', message: 'Обязательное поле' }] });
    const rows = [row(2, 'create'), row(3, 'skip'), row(4, 'restore'), broken];
    expect(countKinds(rows)).toEqual({ all: 4, create: 1, update: 0, restore: 1, skip: 1, errors: 1 });
    expect(filterRows(rows, 'skip').map((r) => r.row)).toEqual([3]);
    expect(filterRows(rows, 'errors').map((r) => r.row)).toEqual([5]);
    expect(filterRows(rows, 'all')).toHaveLength(4);
  });

  it('marks new staff and every role an existing person gains', () => {
    expect(markedRoles(row(2, 'create', { roles_added: ['worker', 'parent'] }))).toEqual(['worker']);
    expect(markedRoles(row(2, 'create', { roles_added: ['student'] }))).toEqual([]);
    expect(markedRoles(row(3, 'update', { roles_added: ['parent'] }))).toEqual(['parent']);
  });

  it('asks before changing people already in the school, counting them in Russian', () => {
    expect(changeQuestion({ ...report, updated: 0 })).toBeNull();
    expect(changeQuestion(report)).toBe('Файл изменит людей, которые уже есть в школе: 1 человек.');
    const many = { ...report, updated: 3, restored: 2, rows: [row(2, 'update', { roles_added: ['worker'] })] };
    expect(changeQuestion(many)).toBe(
      'Файл изменит людей, которые уже есть в школе: 5 человек. Из удалённых вернутся: 2 человека. Роль «Сотрудник» получат: 1 человек.',
    );
  });
});
