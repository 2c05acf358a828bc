//! On a phone the board shows one column at a time: the lane scrolls sideways by whole columns
//! (a swipe), and these tabs name the columns, mark the one in view and bring another into view.
import { useEffect, useState, type RefObject } from 'react';
import type { Column } from './api';

interface Props {
  columns: readonly Column[];
  lane: RefObject<HTMLDivElement | null>;
}

export function ColumnTabs({ columns, lane }: Props) {
  const [shown, setShown] = useState(0);

  useEffect(() => {
    const element = lane.current;
    if (!element) return;
    const onScroll = () => setShown(Math.round(element.scrollLeft / Math.max(element.clientWidth, 1)));
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [lane]);

  const show = (index: number) => {
    const element = lane.current;
    const column = element?.children[index] as HTMLElement | undefined;
    if (element && column) element.scrollTo({ left: column.offsetLeft, behavior: 'smooth' });
    setShown(index);
  };

  return (
    <nav className="board-column-tabs" aria-label="Колонки доски">
      {columns.map((column, index) => (
        <button
          key={column.id}
          type="button"
          className={index === shown ? 'active' : 'secondary outline'}
          aria-current={index === shown ? 'true' : undefined}
          onClick={() => show(index)}
        >
          {column.name}
        </button>
      ))}
    </nav>
  );
}
