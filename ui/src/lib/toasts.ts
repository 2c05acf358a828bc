//! The toast queue (spec §4, §9): the 5 newest shown, a closed toast removed 200 ms later; a toast
//! identical to one still open is merged into it (a count, a fresh countdown) instead of stacking.
import { proxy } from 'valtio';

export const TOAST_LIMIT = 5;
export const TOAST_REMOVE_DELAY = 200;
export const TOAST_DURATION = 5000;

export type ToastColor = 'primary' | 'success' | 'info' | 'warning' | 'error' | 'neutral';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  color?: ToastColor;
  /** Milliseconds before it closes by itself; 0 keeps it until closed. */
  duration?: number;
  actions?: ToastAction[];
}

export interface Toast extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
  open: boolean;
  /** How many identical toasts this one stands for (shown as «×3» from 2 on). */
  count: number;
}

/** Toaster settings of spec §9 and the toasts on screen, oldest first. */
export const toasts = proxy({
  position: 'bottom-right' as const,
  spacing: 16,
  expanded: true,
  items: [] as Toast[],
});

interface Timer {
  handle?: ReturnType<typeof setTimeout>;
  startedAt: number;
  remaining: number;
}

const timers = new Map<number, Timer>();
let nextId = 1;

function startTimer(id: number, remaining: number) {
  if (remaining <= 0) return;
  const timer: Timer = { startedAt: Date.now(), remaining };
  timer.handle = setTimeout(() => closeToast(id), remaining);
  timers.set(id, timer);
}

function dropTimer(id: number) {
  clearTimeout(timers.get(id)?.handle);
  timers.delete(id);
}

/** Same words, same colour, no actions (a toast with actions stands for its own event). */
function sameAs(toast: Toast, input: Toast): boolean {
  return (
    toast.open &&
    toast.title === input.title &&
    toast.description === input.description &&
    toast.color === input.color &&
    toast.actions.length === 0 &&
    input.actions.length === 0
  );
}

/**
 * Shows a toast and returns its id; the oldest ones beyond the limit leave at once. The same
 * toast again while it is still open counts up on it and starts its countdown afresh.
 */
export function addToast(input: ToastInput): number {
  const toast: Toast = {
    id: nextId++,
    color: 'primary',
    duration: TOAST_DURATION,
    actions: [],
    ...input,
    open: true,
    count: 1,
  };
  const twin = toasts.items.find((t) => sameAs(t, toast));
  if (twin) {
    twin.count += 1;
    dropTimer(twin.id);
    startTimer(twin.id, twin.duration);
    return twin.id;
  }
  toasts.items.push(toast);
  startTimer(toast.id, toast.duration);
  while (toasts.items.length > TOAST_LIMIT) dropTimer(toasts.items.shift()!.id);
  return toast.id;
}

/** Closes a toast: it is marked closed now (for its exit animation) and removed 200 ms later. */
export function closeToast(id: number) {
  const toast = toasts.items.find((t) => t.id === id);
  if (!toast || !toast.open) return;
  dropTimer(id);
  toast.open = false;
  setTimeout(() => {
    toasts.items = toasts.items.filter((t) => t.id !== id);
  }, TOAST_REMOVE_DELAY);
}

/** Stops the countdown while the pointer or focus is on the toast. */
export function pauseToast(id: number) {
  const timer = timers.get(id);
  if (!timer?.handle) return;
  clearTimeout(timer.handle);
  timer.handle = undefined;
  timer.remaining -= Date.now() - timer.startedAt;
}

export function resumeToast(id: number) {
  const timer = timers.get(id);
  if (timer && !timer.handle) startTimer(id, timer.remaining);
}
