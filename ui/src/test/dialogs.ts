//! Modal dialogs for the tests of a file: jsdom has none, so `showModal` and `close` only set and
//! remove the `open` attribute while the file's tests run.
import { afterAll, beforeAll } from 'vitest';

/** Called once at the top of a test file whose components open a `<dialog>` as a modal. */
export function modalDialogs(): void {
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  });
  afterAll(() => {
    delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal;
    delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).close;
  });
}
