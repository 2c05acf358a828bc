//! A React root in a fresh element for each test of a file, unmounted and removed after it.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Mounted {
  /** The element of the current test. */
  host: HTMLElement;
  /** Its React root. */
  root: Root;
  /** Renders `node` into it, inside `act`. */
  render(node: ReactNode): void;
}

/** Called once at the top of a test file: `const screen = mounted();`, then `screen.render(<X />)`. */
export function mounted(): Mounted {
  const screen: Mounted = {
    host: document.body,
    root: null as unknown as Root,
    render: (node) => act(() => screen.root.render(node)),
  };
  beforeEach(() => {
    screen.host = document.body.appendChild(document.createElement('div'));
    screen.root = createRoot(screen.host);
  });
  afterEach(() => {
    act(() => screen.root.unmount());
    screen.host.remove();
  });
  return screen;
}
