import { describe, expect, it } from 'vitest';
import { canCommit, rowLabel, type ImportResult } from './importCsv';

const report = { rows: 2, created: 1, updated: 1, errors: [], warnings: [] };

describe('CSV import helpers', () => {
  it('allows the write only after a clean preview', () => {
    const clean: ImportResult = { ok: true, report };
    const dirty: ImportResult = { ok: true, report: { ...report, errors: [{ row: 3, column: 'Email', message: 'x' }] } };
    expect(canCommit(clean, false)).toBe(true);
    expect(canCommit(clean, true)).toBe(false);
    expect(canCommit(dirty, false)).toBe(false);
    expect(canCommit(null, false)).toBe(false);
    expect(canCommit({ ok: false, message: 'Файл пустой', report: { ...report, rows: 0 } }, false)).toBe(false);
  });

  it('names rows the Russian way', () => {
    expect(rowLabel(0)).toBe('Файл');
    expect(rowLabel(1)).toBe('1 (заголовок)');
    expect(rowLabel(7)).toBe('7');
  });
});
