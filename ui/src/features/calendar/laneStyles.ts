//! Where an entry sits in a day column of the week or day view: its hours from top to bottom,
//! and its lane across the column (or across what «+N» leaves of it).
import { HOUR_PX } from './constants';

/** Where minutes `start` to `stop` sit in a day column whose first hour is `first` (at least a line tall). */
export const spanStyle = (start: number, stop: number, first: number) => ({
  top: ((start - first * 60) / 60) * HOUR_PX,
  height: Math.max(((stop - start) / 60) * HOUR_PX, 20),
});

/** Lane `lane` of `lanes` across a day column, or across what «+N» leaves of it (`folded`). */
export function laneStyle(lane: number, lanes: number, folded: boolean) {
  const room = folded ? '(100% - var(--cal-fold))' : '100%';
  return { left: `calc(${room} * ${lane / lanes} + 2px)`, width: `calc(${room} / ${lanes} - 4px)` };
}
