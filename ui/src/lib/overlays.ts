//! Overlays (modals, slide-overs): created -> open -> closed -> unmounted (removed at once when
//! destroy-on-close is set). Asking for an id that is not there fails with 'Overlay not found'.
import type { ComponentType } from 'react';
import { proxy, ref } from 'valtio';

/** Props every overlay component receives besides its own. */
export interface OverlayProps<R = unknown> {
  open: boolean;
  close: (result?: R) => void;
}

export interface Overlay {
  id: number;
  component: ComponentType<OverlayProps & Record<string, unknown>>;
  props: Record<string, unknown>;
  open: boolean;
  destroyOnClose: boolean;
}

export const overlays = proxy({ items: [] as Overlay[] });

const waiting = new Map<number, (result: unknown) => void>();
let nextId = 1;

function find(id: number): Overlay {
  const overlay = overlays.items.find((o) => o.id === id);
  if (!overlay) throw new Error('Overlay not found');
  return overlay;
}

/** Registers an overlay (state: created) and returns its id. */
export function createOverlay<P extends object>(
  component: ComponentType<OverlayProps & P>,
  { props = {} as P, destroyOnClose = false }: { props?: P; destroyOnClose?: boolean } = {},
): number {
  const id = nextId++;
  overlays.items.push({ id, component: ref(component as Overlay['component']), props: { ...props } as Record<string, unknown>, open: false, destroyOnClose });
  return id;
}

/** Opens it (with extra props); resolves with the result passed to close. */
export function openOverlay<R = unknown>(id: number, props: Record<string, unknown> = {}): Promise<R | undefined> {
  const overlay = find(id);
  Object.assign(overlay.props, props);
  overlay.open = true;
  return new Promise((resolve) => waiting.set(id, resolve as (result: unknown) => void));
}

/** Closes it; with destroy-on-close it is unmounted too. */
export function closeOverlay(id: number, result?: unknown) {
  const overlay = find(id);
  overlay.open = false;
  waiting.get(id)?.(result);
  waiting.delete(id);
  if (overlay.destroyOnClose) unmountOverlay(id);
}

/** Removes it for good. */
export function unmountOverlay(id: number) {
  find(id);
  overlays.items = overlays.items.filter((o) => o.id !== id);
}

/** Opens a dialog made for this one question and drops it after: true when it closed with true
 *  (a form saved), false on «Отмена», Esc or the backdrop. */
export async function ask<P extends object>(component: ComponentType<OverlayProps & P>, props: P): Promise<boolean> {
  const id = createOverlay(component, { props, destroyOnClose: true });
  return (await openOverlay<boolean>(id)) === true;
}
