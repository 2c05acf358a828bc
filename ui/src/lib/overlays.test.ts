import { beforeEach, describe, expect, it } from 'vitest';
import { closeOverlay, createOverlay, openOverlay, overlays, unmountOverlay } from './overlays';

const Dialog = () => null;

beforeEach(() => {
  overlays.items = [];
});

describe('overlays', () => {
  it('goes created -> open -> closed -> unmounted', async () => {
    const id = createOverlay(Dialog, { props: { title: 'a' } });
    expect(overlays.items[0]).toMatchObject({ id, open: false, props: { title: 'a' } });
    const result = openOverlay(id, { title: 'b' });
    expect(overlays.items[0]).toMatchObject({ open: true, props: { title: 'b' } });
    closeOverlay(id, 'ok');
    await expect(result).resolves.toBe('ok');
    expect(overlays.items[0]?.open).toBe(false);
    unmountOverlay(id);
    expect(overlays.items).toEqual([]);
  });

  it('removes an overlay on close when destroy-on-close is set', () => {
    const id = createOverlay(Dialog, { destroyOnClose: true });
    void openOverlay(id);
    closeOverlay(id);
    expect(overlays.items).toEqual([]);
  });

  it('fails with Overlay not found for an unknown id', () => {
    expect(() => openOverlay(99)).toThrowError('Overlay not found');
    expect(() => closeOverlay(99)).toThrowError('Overlay not found');
    expect(() => unmountOverlay(99)).toThrowError('Overlay not found');
  });
});
