import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../lib/ledger';
import { mounted } from '../../test/mounted';
import { LedgerTable } from './LedgerTable';

const screen = mounted();

/** An entry of Анна's as the server writes it. */
const entry = (id: number, kind: LedgerEntry['kind'], reversible: boolean): LedgerEntry => ({
  id,
  student_id: 9,
  student_name: 'Петрова Анна',
  kind,
  amount: 640000,
  effect: kind === 'payment' ? 640000 : -640000,
  method: kind === 'payment' ? 'cash' : null,
  reason: kind === 'charge' ? 'package' : null,
  lesson_id: null,
  package_id: kind === 'charge' ? 7 : null,
  reverses_id: null,
  reversed_by: null,
  reversible,
  title: kind === 'charge' ? 'Абонемент: Математика, 8 занятий' : 'Оплата: наличные',
  note: '',
  date: '2026-11-20',
  created_by: 1,
  created_by_name: 'Орлова Н. А.',
  created_at: '2026-11-20T10:00:00+03:00',
});

describe('the rows of a ledger', () => {
  it('offers «Сторно» only on the rows the server says may be reversed, on the school’s ledger too', () => {
    const rows = [entry(1, 'payment', true), entry(2, 'charge', false)];
    screen.render(
      <MemoryRouter>
        <LedgerTable rows={rows} busy={false} student author onReverse={() => undefined} />
      </MemoryRouter>,
    );
    const offered = [...screen.host.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('button')].some((button) => button.textContent === 'Сторно'),
    );
    expect(offered).toEqual([true, false]);
  });
});
