//! «+N» in a day of the week view: the entries at the same hour that do not fit side by side, as
//! one button beside those shown that opens the day (where they all are), naming them in its tooltip.
import type { CSSProperties } from 'react';
import { plural } from '../../lib/plural';
import type { Entry } from './calendar';
import type { Fold } from './dates';
import { entryLabel } from './EntryButton';

const LESSONS = ['занятие', 'занятия', 'занятий'] as const;
const ENTRIES = ['запись', 'записи', 'записей'] as const;

/** «Ещё 3 занятия — открыть день» (or «записи» when an event is among them). */
export function foldLabel(entries: readonly Entry[]): string {
  const words = entries.every((entry) => entry.kind === 'lesson') ? LESSONS : ENTRIES;
  return `Ещё ${plural(entries.length, words)} — открыть день`;
}

/** The «+N» of `fold`, as tall as the hours of the entries it holds (`style`); a press opens the day. */
export function FoldButton({ fold, style, onOpenDay }: { fold: Fold<Entry>; style: CSSProperties; onOpenDay: () => void }) {
  return (
    <button type="button" className="cal-fold" style={style} aria-label={foldLabel(fold.entries)} title={fold.entries.map(entryLabel).join('\n')} onClick={onOpenDay}>
      +{fold.entries.length}
    </button>
  );
}
