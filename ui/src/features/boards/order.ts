//! The order of a board's cards as the drag works on it: each column's task ids top to bottom.
//! A drop is sent to the server as the card's new column and its neighbours there (`after_id`
//! above it, `before_id` below it), so the server writes one fractional position.

/** Each column's card ids in order, by column id. */
export type Order = Record<number, number[]>;

/** A card in its column: the order's pieces the page reads cards by. */
interface Placed {
  id: number;
  column_id?: number | null;
}

/** The order of `cards` (already sorted by column, then position, as the server sends them). */
export function orderOf(columns: readonly { id: number }[], cards: readonly Placed[]): Order {
  const order: Order = Object.fromEntries(columns.map((column) => [column.id, [] as number[]]));
  for (const card of cards) {
    if (card.column_id != null && order[card.column_id]) order[card.column_id].push(card.id);
  }
  return order;
}

/** The column that holds `id`, or null. */
export function columnOf(order: Order, id: number): number | null {
  for (const [column, ids] of Object.entries(order)) if (ids.includes(id)) return Number(column);
  return null;
}

/** The order with card `id` taken out and put into `column` at `index` (clamped to its ends). */
export function moveCard(order: Order, id: number, column: number, index: number): Order {
  const next: Order = Object.fromEntries(Object.entries(order).map(([key, ids]) => [key, ids.filter((other) => other !== id)]));
  const target = next[column] ?? [];
  const at = Math.max(0, Math.min(index, target.length));
  next[column] = [...target.slice(0, at), id, ...target.slice(at)];
  return next;
}

/** The body of `POST /api/tasks/{id}/move` for a card where `order` has it: its column and neighbours. */
export function neighbours(order: Order, id: number): { column_id: number; after_id: number | null; before_id: number | null } | null {
  const column = columnOf(order, id);
  if (column === null) return null;
  const ids = order[column];
  const at = ids.indexOf(id);
  return { column_id: column, after_id: ids[at - 1] ?? null, before_id: ids[at + 1] ?? null };
}

/** Whether two orders place every card alike (a drop that changed nothing is not sent). */
export function sameOrder(a: Order, b: Order): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => {
    const x = a[Number(key)] ?? [];
    const y = b[Number(key)] ?? [];
    return x.length === y.length && x.every((id, i) => id === y[i]);
  });
}
