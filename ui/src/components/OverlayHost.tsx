//! Mounts every created overlay; each gets `open` and `close` besides its own props.
import { useSnapshot } from 'valtio';
import { closeOverlay, overlays, type Overlay } from '../lib/overlays';

export function OverlayHost() {
  const snap = useSnapshot(overlays);
  return snap.items.map(({ id, component, props, open }) => {
    const Component = component as Overlay['component'];
    return <Component key={id} {...props} open={open} close={(result?: unknown) => closeOverlay(id, result)} />;
  });
}
