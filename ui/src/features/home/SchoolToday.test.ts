import { describe, expect, it } from 'vitest';
import { tilesOf, type Today } from './SchoolToday';

const NBSP = '\u00a0';

const totals = (received: number, charged: number): Today['ledger'] => ({
  received,
  charged,
  count: 3,
  by_method: { cash: received, card: 0, transfer: 0 },
  by_kind: { payment: received, charge: charged, reversal: 0, refund: 0 },
});

describe("a manager's school today", () => {
  it('counts the lessons and those cancelled, the journals to fill, the money taken, the debtors and his tasks, each opening its page', () => {
    const tiles = tilesOf({
      day: '2026-11-23',
      lessons: [{ date: '2026-11-23', lessons: 21, cancelled: 2, events: 1 }],
      ledger: totals(1_500_000, 240_000),
      debtors: { count: 7, total_debt: 1_230_050, current_page: 1, per_page: 1, total: 7, last_page: 7 },
      unfilled: 2,
      tasks: 3,
    });
    expect(tiles.map((t) => [t.label, t.value, t.detail, t.to])).toEqual([
      ['Занятия', '21', 'отменено: 2', '/lessons?from=2026-11-23&to=2026-11-23'],
      ['Журнал не заполнен', '2', 'занятия за 7 дней', '/lessons?from=2026-11-17&to=2026-11-23&status=planned&over=true'],
      ['Получено', `15${NBSP}000,00${NBSP}₽`, `начислено: 2${NBSP}400,00${NBSP}₽`, '/payments?from=2026-11-23&to=2026-11-23'],
      ['Должники', '7', `долг 12${NBSP}300,50${NBSP}₽`, '/payments?tab=debtors'],
      ['Мои задачи', '3', 'срок — сегодня или раньше', '/tasks'],
    ]);
  });

  it('says so when nothing waits', () => {
    const quiet = (lessons: number) =>
      tilesOf({ day: '2026-11-23', lessons: [{ date: '2026-11-23', lessons, cancelled: 0, events: 0 }], ledger: totals(0, 0), debtors: { count: 0, total_debt: 0, current_page: 1, per_page: 1, total: 0, last_page: 1 }, unfilled: 0, tasks: 0 });
    expect(quiet(1).map((t) => t.detail)).toEqual(['занятие', 'всё отмечено', `начислено: 0,00${NBSP}₽`, 'у всех баланс не ниже нуля', 'на сегодня всё сделано']);
    expect(quiet(0)[0]!.detail).toBe('занятий нет');
  });
});
