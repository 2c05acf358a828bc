import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeMobileSidebar, SIDEBAR_TOGGLE_ID, sidebar, toggleSidebar } from '../sidebar';
import { Sidebar } from './Sidebar';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;

/** The drawer with the top bar's menu button and the page's content, as the shell lays them out. */
function Frame() {
  return (
    <>
      <button id={SIDEBAR_TOGGLE_ID} type="button" onClick={toggleSidebar}>
        Меню
      </button>
      <Sidebar />
      <main id="content" tabIndex={-1} />
    </>
  );
}

const router = () => createMemoryRouter([{ path: '*', element: <Frame /> }], { initialEntries: ['/'] });
const focusedId = () => (document.activeElement as HTMLElement | null)?.id || document.activeElement?.tagName;

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  Object.assign(sidebar, { isMobile: true, mobileOpen: false });
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  Object.assign(sidebar, { isMobile: false, mobileOpen: false });
});

describe("the phone's drawer", () => {
  it('gives the focus back to the menu button when Esc closes it', async () => {
    await act(async () => root.render(<RouterProvider router={router()} />));
    await act(async () => toggleSidebar());
    expect(document.querySelector('#sidebar')?.contains(document.activeElement)).toBe(true);
    await act(async () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })));
    expect(sidebar.mobileOpen).toBe(false);
    expect(focusedId()).toBe(SIDEBAR_TOGGLE_ID);
  });

  it("moves the focus to the new page's content when an entry opened it", async () => {
    const pages = router();
    await act(async () => root.render(<RouterProvider router={pages} />));
    await act(async () => toggleSidebar());
    await act(async () => pages.navigate('/help'));
    await act(async () => closeMobileSidebar());
    expect(focusedId()).toBe('content');
  });
});
