//! The calendar's view and day kept in the address (`?view=week&date=2026-11-23`), so back,
//! forward, a reload and a bookmark show the same period. A phone opens on the day view.
import { useSearchParams } from 'react-router';
import { isDay, today, VIEWS, type View } from './dates';

const narrow = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 576px)').matches;

export function usePeriod() {
  const [params, setParams] = useSearchParams();
  const rawView = params.get('view') as View | null;
  const view: View = rawView && VIEWS.includes(rawView) ? rawView : narrow() ? 'day' : 'week';
  const rawDate = params.get('date') ?? '';
  const anchor = isDay(rawDate) ? rawDate : today();
  const navigate = (change: { view?: View; anchor?: string }, extra: Record<string, string> = {}) => {
    const next = new URLSearchParams(params);
    next.set('view', change.view ?? view);
    next.set('date', change.anchor ?? anchor);
    for (const [key, value] of Object.entries(extra)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  return { view, anchor, params, navigate };
}
