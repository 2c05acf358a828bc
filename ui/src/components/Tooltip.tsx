//! A tooltip that opens 700 ms after hover or focus; within 300 ms of another one closing it
//! opens at once (spec §9).
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react';

export const TOOLTIP_OPEN_DELAY = 700;
export const TOOLTIP_SKIP_DELAY = 300;

let lastClosedAt = 0;

interface Props {
  text: string;
  side?: 'bottom' | 'right';
  /** When false the tooltip stays off (a label already shows the same text). */
  enabled?: boolean;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}

export function Tooltip({ text, side = 'bottom', enabled = true, children }: Props) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const id = useId();

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!enabled) setOpen(false);
  }, [enabled]);

  const show = () => {
    if (!enabled) return;
    clearTimeout(timer.current);
    const delay = Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY ? 0 : TOOLTIP_OPEN_DELAY;
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = Date.now();
      return false;
    });
  };

  return (
    <span
      className="tooltip-anchor"
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => event.key === 'Escape' && hide()}
    >
      {cloneElement(children, { 'aria-describedby': open ? id : undefined })}
      {open && (
        <span role="tooltip" id={id} className="tooltip" data-side={side}>
          {text}
        </span>
      )}
    </span>
  );
}
