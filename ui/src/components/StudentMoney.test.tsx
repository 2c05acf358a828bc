import { describe, expect, it } from 'vitest';
import type { MoneyPackage } from '../lib/ledger';
import { mounted } from '../test/mounted';
import { BalanceFigure, PackagesList } from './StudentMoney';

const screen = mounted();
const text = () => (screen.host.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

const eight: MoneyPackage = {
  id: 3,
  student_id: 9,
  student_name: 'Алексеев Артём Сергеевич',
  subject_id: 2,
  subject_name: 'Математика',
  course_id: null,
  course_name: null,
  lessons_total: 8,
  lessons_used: 7,
  lessons_left: 1,
  price: 800000,
  valid_from: '2026-11-01',
  valid_to: '2026-12-08',
  status: 'frozen',
  refundable: 100000,
  lessons_returned: null,
  freezes: [{ from: '2026-11-20', to: '2026-11-26', reason: 'Болезнь' }],
  note: '',
  created_at: '2026-11-01T10:00:00+03:00',
};

describe('a student’s money at a glance', () => {
  it('shows a debt in red words and large type', () => {
    screen.render(<BalanceFigure balance={-150050} />);
    expect(screen.host.querySelector('.balance-figure')?.getAttribute('data-tone')).toBe('debt');
    expect(text()).toContain('-1 500,50 ₽');
    expect(text()).toContain('Долг 1 500,50 ₽');
  });

  it('lists a package with the lessons left, its days, price, status and freezes', () => {
    screen.render(<PackagesList packages={[eight]} />);
    expect(text()).toContain('Математика');
    expect(text()).toContain('Заморожен');
    expect(text()).toContain('Осталось 1 из 8');
    expect(text()).toContain('01.11.2026 — 08.12.2026, 8 000,00 ₽');
    expect(text()).toContain('Заморожен 20.11.2026 — 26.11.2026: Болезнь');
    expect(screen.host.querySelector('progress')?.getAttribute('value')).toBe('7');
  });

  it('says of a package whose unused part was given back how many lessons went back, not how many are left', () => {
    screen.render(<PackagesList packages={[{ ...eight, lessons_used: 2, lessons_left: 6, status: 'refunded', refundable: 0, lessons_returned: 6 }]} />);
    expect(text()).toContain('Остаток возвращён');
    expect(text()).toContain('Возвращено 6 занятий из 8');
    expect(text()).not.toContain('Осталось');
  });

  it('says when there are no packages', () => {
    screen.render(<PackagesList packages={[]} />);
    expect(text()).toBe('Абонементов нет.');
  });
});
