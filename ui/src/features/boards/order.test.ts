import { describe, expect, it } from 'vitest';
import { columnOf, moveCard, neighbours, orderOf, sameOrder } from './order';

const columns = [{ id: 1 }, { id: 2 }, { id: 3 }];
const cards = [
  { id: 10, column_id: 1 },
  { id: 11, column_id: 1 },
  { id: 12, column_id: 1 },
  { id: 20, column_id: 2 },
];

describe('a board’s order', () => {
  it('reads the cards by column in the server’s order, an empty column included', () => {
    expect(orderOf(columns, cards)).toEqual({ 1: [10, 11, 12], 2: [20], 3: [] });
    expect(orderOf(columns, [{ id: 5, column_id: 9 }, { id: 6, column_id: null }])).toEqual({ 1: [], 2: [], 3: [] });
  });

  it('moves a card within its column and across columns', () => {
    const order = orderOf(columns, cards);
    expect(moveCard(order, 12, 1, 0)).toEqual({ 1: [12, 10, 11], 2: [20], 3: [] });
    expect(moveCard(order, 10, 1, 2)).toEqual({ 1: [11, 12, 10], 2: [20], 3: [] });
    expect(moveCard(order, 12, 2, 0)).toEqual({ 1: [10, 11], 2: [12, 20], 3: [] });
    expect(moveCard(order, 11, 3, 99)).toEqual({ 1: [10, 12], 2: [20], 3: [11] });
    expect(columnOf(moveCard(order, 11, 3, 0), 11)).toBe(3);
    expect(order).toEqual({ 1: [10, 11, 12], 2: [20], 3: [] });
  });
});

describe('the neighbours of a dropped card', () => {
  const order = orderOf(columns, cards);

  it('are the cards above and below it where it was dropped', () => {
    expect(neighbours(moveCard(order, 10, 1, 1), 10)).toEqual({ column_id: 1, after_id: 11, before_id: 12 });
  });

  it('has no card above at the top of a column and none below at its end', () => {
    expect(neighbours(moveCard(order, 12, 2, 0), 12)).toEqual({ column_id: 2, after_id: null, before_id: 20 });
    expect(neighbours(moveCard(order, 10, 2, 1), 10)).toEqual({ column_id: 2, after_id: 20, before_id: null });
    expect(neighbours(moveCard(order, 11, 1, 5), 11)).toEqual({ column_id: 1, after_id: 12, before_id: null });
  });

  it('has neither in an empty column', () => {
    expect(neighbours(moveCard(order, 20, 3, 0), 20)).toEqual({ column_id: 3, after_id: null, before_id: null });
  });

  it('is nothing for a card not on the board', () => {
    expect(neighbours(order, 99)).toBeNull();
  });

  it('a drop back in the same place is no change', () => {
    expect(sameOrder(moveCard(order, 11, 1, 1), order)).toBe(true);
    expect(sameOrder(moveCard(order, 11, 1, 0), order)).toBe(false);
    expect(sameOrder(moveCard(order, 20, 3, 0), order)).toBe(false);
  });
});
