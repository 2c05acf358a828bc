import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mounted } from '../test/mounted';
import { overlays } from '../lib/overlays';
import { confirm } from './ConfirmDialog';
import { Modal } from './Modal';
import { OverlayHost } from './OverlayHost';
import { modalDialogs } from '../test/dialogs';

const screen = mounted();

modalDialogs();
beforeEach(() => {
  overlays.items = [];
});

/** Renders a «Удалить» button and the overlays, focuses the button and asks the question. */
async function askFromButton(): Promise<{ opener: HTMLButtonElement; answer: Promise<boolean> }> {
  screen.render(
    <>
      <button type="button">Удалить занятие</button>
      <OverlayHost />
    </>,
  );
  const opener = screen.host.querySelector('button')!;
  opener.focus();
  let answer!: Promise<boolean>;
  await act(async () => {
    answer = confirm({ title: 'Удалить занятие?', message: 'Его нельзя вернуть.', action: 'Удалить', danger: true });
  });
  return { opener, answer };
}

const focused = () => document.activeElement as HTMLElement;

describe('the confirmation dialog', () => {
  it('opens on its action, so Enter goes ahead, and gives the focus back after it', async () => {
    const { opener, answer } = await askFromButton();
    expect(focused().textContent).toBe('Удалить');
    expect(focused().closest('dialog')).not.toBeNull();
    await act(async () => focused().click());
    await expect(answer).resolves.toBe(true);
    expect(screen.host.querySelector('dialog')).toBeNull();
    expect(focused()).toBe(opener);
  });

  it('says no on Esc and gives the focus back too', async () => {
    const { opener, answer } = await askFromButton();
    expect(focused().closest('dialog')).not.toBeNull();
    await act(async () => {
      screen.host.querySelector('dialog')!.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    await expect(answer).resolves.toBe(false);
    expect(focused()).toBe(opener);
  });
});

describe('a dialog with a form', () => {
  it('opens in its first field that takes input, not on «Закрыть»', () => {
    screen.render(
      <Modal open close={() => undefined} title="Новый предмет">
        <input type="hidden" name="id" />
        <input name="name" aria-label="Название" />
      </Modal>,
    );
    expect(focused().getAttribute('name')).toBe('name');
  });
});
