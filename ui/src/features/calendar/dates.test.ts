import { describe, expect, it } from 'vitest';
import { MONTH_CACHE, PAGE_CACHE, SWIPE_MAX_MS, SWIPE_MAX_Y, SWIPE_MIN_X } from './constants';
import {
  addMonths,
  daysOf,
  foldLanes,
  laneLimit,
  lanesOf,
  LruCache,
  minutesAt,
  movedTo,
  periodKey,
  periodTitle,
  placed,
  shift,
  spanOf,
  swipeOf,
  timeRange,
  wallClock,
} from './dates';

describe('the calendar constants are those of spec §9', () => {
  it('swipe 300 ms, 60 px sideways, 80 px up or down; caches of 12 months and 5 pages', () => {
    expect([SWIPE_MAX_MS, SWIPE_MIN_X, SWIPE_MAX_Y, MONTH_CACHE, PAGE_CACHE]).toEqual([300, 60, 80, 12, 5]);
  });
});

describe('swipes', () => {
  const start = { x: 200, y: 300, t: 1000 };
  it('a quick sideways move is a swipe: left to the next period, right to the previous', () => {
    expect(swipeOf(start, { x: 120, y: 310, t: 1200 })).toBe(-1);
    expect(swipeOf(start, { x: 260, y: 290, t: 1300 })).toBe(1);
  });
  it('too short, too slow or too steep is not', () => {
    expect(swipeOf(start, { x: 141, y: 300, t: 1100 })).toBe(0);
    expect(swipeOf(start, { x: 100, y: 300, t: 1301 })).toBe(0);
    expect(swipeOf(start, { x: 100, y: 381, t: 1100 })).toBe(0);
    expect(swipeOf(start, { x: 140, y: 380, t: 1300 })).toBe(-1);
  });
});

describe('periods', () => {
  it('a week runs Monday to Sunday and steps by seven days', () => {
    expect(spanOf('week', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(shift('week', '2026-11-25', 1)).toBe('2026-12-02');
    expect(periodTitle('week', '2026-11-25')).toBe('23–29 ноября 2026');
    expect(periodTitle('week', '2026-12-30')).toBe('28 декабря–3 января 2027');
  });
  it("a month's grid is whole weeks from the Monday before the first", () => {
    const days = daysOf('month', '2026-11-15');
    expect(days[0]).toBe('2026-10-26');
    expect(days).toHaveLength(42);
    expect(days[days.length - 1]).toBe('2026-12-06');
    expect(daysOf('month', '2027-02-10')).toHaveLength(28);
    expect(periodTitle('month', '2026-11-15')).toBe('Ноябрь 2026');
  });
  it('a month step keeps the day within the month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(shift('month', '2026-12-15', 1)).toBe('2027-01-15');
    expect(shift('day', '2026-11-30', 1)).toBe('2026-12-01');
    expect(periodTitle('day', '2026-11-24')).toBe('вт, 24 ноября 2026');
  });
  it('a month view is cached by its month, a week by its Monday', () => {
    expect(periodKey('month', '2026-11-03')).toBe(periodKey('month', '2026-11-28'));
    expect(periodKey('week', '2026-11-23')).toBe(periodKey('week', '2026-11-29'));
  });
});

describe("the school's clock", () => {
  it('reads the wall time the API wrote, whatever the browser zone', () => {
    expect(wallClock('2026-11-24T16:00:00+03:00')).toEqual({ day: '2026-11-24', minutes: 960, offset: '+03:00' });
    expect(timeRange('2026-11-24T16:00:00+03:00', '2026-11-24T17:30:00+03:00')).toBe('16:00–17:30');
  });
  it('a drop lands on a quarter hour, sent as the school clock without an offset', () => {
    expect(minutesAt(48 * 8 + 20, 8, 48)).toBe(16 * 60 + 30);
    expect(minutesAt(-500, 8, 48)).toBe(0);
    expect(movedTo('2026-10-27', 960)).toBe('2026-10-27T16:00');
  });
});

describe('the period cache', () => {
  it('keeps the most recently used periods up to its limit', () => {
    const cache = new LruCache<number>(PAGE_CACHE);
    for (let i = 0; i < 5; i++) cache.set(`p${i}`, i);
    cache.get('p0');
    cache.set('p5', 5);
    expect(cache.size).toBe(5);
    expect(cache.get('p1')).toBeUndefined();
    expect(cache.get('p0')).toBe(0);
  });
});

describe('lessons at the same hour', () => {
  it('sit side by side, and a later lesson takes the full width again', () => {
    expect(lanesOf([[960, 1020], [960, 1020], [990, 1050], [1080, 1140]])).toEqual([
      { lane: 0, lanes: 3, group: 0 },
      { lane: 1, lanes: 3, group: 0 },
      { lane: 2, lanes: 3, group: 0 },
      { lane: 0, lanes: 1, group: 1 },
    ]);
    expect(lanesOf([[600, 660], [660, 720]])).toEqual([{ lane: 0, lanes: 1, group: 0 }, { lane: 0, lanes: 1, group: 1 }]);
  });
});

describe('lessons at the same hour in a narrow day', () => {
  /** The lessons of a day at [start, stop) minutes, named by their index, placed and kept to `limit` lanes. */
  const fold = (spans: [number, number][], limit: number) => {
    const lanes = lanesOf(spans);
    const items = spans.map(([start, stop], entry) => ({ entry, start, stop, ...lanes[entry]! }));
    const { shown, folds } = foldLanes(items, limit);
    return { shown: shown.map(({ entry, lane, lanes, folded }) => [entry, lane, lanes, folded]), folds };
  };
  const at16 = (count: number): [number, number][] => Array.from({ length: count }, () => [960, 1020]);

  it('the week folds what does not fit two lanes; the day shows every lesson', () => {
    expect(laneLimit('week')).toBe(2);
    expect(laneLimit('day')).toBe(Infinity);
  });
  it('one or two lessons at the same hour are shown whole', () => {
    expect(fold(at16(1), 2)).toEqual({ shown: [[0, 0, 1, false]], folds: [] });
    expect(fold(at16(2), 2)).toEqual({ shown: [[0, 0, 2, false], [1, 1, 2, false]], folds: [] });
  });
  it('of three or five, the first is shown beside «+2» or «+4», which covers the hours of those it holds', () => {
    expect(fold(at16(3), 2)).toEqual({ shown: [[0, 0, 1, true]], folds: [{ group: 0, start: 960, stop: 1020, entries: [1, 2] }] });
    const five: [number, number][] = [[960, 1050], [960, 1020], [960, 1020], [990, 1080], [1000, 1040]];
    expect(fold(five, 2)).toEqual({ shown: [[0, 0, 1, true]], folds: [{ group: 0, start: 960, stop: 1080, entries: [1, 2, 3, 4] }] });
  });
  it('a wider limit shows more lanes, and no limit shows them all', () => {
    expect(fold(at16(5), 4)).toEqual({
      shown: [[0, 0, 3, true], [1, 1, 3, true], [2, 2, 3, true]],
      folds: [{ group: 0, start: 960, stop: 1020, entries: [3, 4] }],
    });
    expect(fold(at16(5), Infinity).shown).toEqual([0, 1, 2, 3, 4].map((i) => [i, i, 5, false]));
  });
  it('each group of a day folds on its own; a later lesson in a freed lane of a folded group stays shown', () => {
    const day: [number, number][] = [
      ...[[960, 1050], [960, 1020], [960, 1020], [1020, 1080], [1050, 1110]], // 3 lanes: the 1st shown (twice), the 2nd and 3rd folded
      ...[[1140, 1200], [1140, 1200]], // 2 lanes: shown
      ...at16(3).map(([start, stop]) => [start + 240, stop + 240]), // 3 at 20:00: the 1st shown
    ] as [number, number][];
    expect(fold(day, 2)).toEqual({
      shown: [[0, 0, 1, true], [4, 0, 1, true], [5, 0, 2, false], [6, 1, 2, false], [7, 0, 1, true]],
      folds: [
        { group: 0, start: 960, stop: 1080, entries: [1, 2, 3] },
        { group: 2, start: 1200, stop: 1260, entries: [8, 9] },
      ],
    });
  });
});

describe('placing a day\'s timed entries', () => {
  const entry = (starts_at: string, ends_at: string) => ({ starts_at, ends_at });
  it('a part going on from an earlier day or past the hours shown is cut to them', () => {
    const trip = entry('2026-11-23T18:00:00+03:00', '2026-11-25T10:00:00+03:00');
    const late = entry('2026-11-23T22:00:00+03:00', '2026-11-24T01:00:00+03:00');
    const lesson = entry('2026-11-24T16:00:00+03:00', '2026-11-24T17:00:00+03:00');
    const spans = (day: string, list: { starts_at: string; ends_at: string }[]) =>
      placed(list, day, 8, 21).map(({ start, stop }) => [start, stop]);
    expect(spans('2026-11-23', [trip])).toEqual([[18 * 60, 21 * 60]]);
    expect(spans('2026-11-24', [trip, late, lesson])).toEqual([
      [8 * 60, 21 * 60],
      [8 * 60, 8 * 60],
      [16 * 60, 17 * 60],
    ]);
    expect(spans('2026-11-25', [trip])).toEqual([[8 * 60, 10 * 60]]);
    expect(placed([lesson], '2026-11-24', 0, 24)[0]).toMatchObject({ start: 960, stop: 1020, lane: 0, lanes: 1 });
  });
});
