//! A mark as a small coloured chip (5 and 4 green, 3 amber, 2 and 1 red, legible in both modes),
//! its kind and weight in the title; a row of them.
import { MARK_KIND_NAMES, markTone, type MarkKind } from '../lib/journal';
import './MarkChip.css';

interface Mark {
  readonly value: number;
  readonly kind?: MarkKind;
  readonly weight?: number | null;
}

/** «Оценка 4 за контрольную, вес 2». */
export const markTitle = ({ value, kind, weight }: Mark) =>
  [`Оценка ${value}`, kind ? ` ${MARK_KIND_NAMES[kind]}` : '', weight && weight !== 1 ? `, вес ${weight}` : ''].join('');

/** All a mark's chip tells: «12.11.2026 · Оценка 4 за контрольную, вес 2» (`note`: its date, a comment). */
export const markAbout = (mark: Mark, note?: string) => (note ? `${note} · ${markTitle(mark)}` : markTitle(mark));

/** A mark; `note` (its date, a comment) goes first in its title. */
export function MarkChip({ mark, note }: { mark: Mark; note?: string }) {
  return (
    <span className="mark-chip" data-tone={markTone(mark.value)} data-kind={mark.kind} title={markAbout(mark, note)}>
      {mark.value}
    </span>
  );
}

/** Several marks in a row (a journal's cell). */
export function MarkChips({ marks }: { marks: readonly Mark[] }) {
  return (
    <span className="mark-chips">
      {marks.map((mark, index) => (
        <MarkChip key={index} mark={mark} />
      ))}
    </span>
  );
}
