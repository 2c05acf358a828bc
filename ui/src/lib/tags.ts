//! Tags on people (spec §3): their palette (spec §9) and the school's list, which only staff may
//! read (`GET /api/tags`); for anyone else the list stays empty and no call is made.
import { useEffect, useState } from 'react';
import type { Ok, Schema } from '../api/types';
import { endpoints } from '../paths';
import { api } from './api/client';
import { COLOUR_NAMES, PALETTE, type PaletteColour } from './palette';

export type Tag = Schema<'TagView'>;

/** A tag's colours: the palette of spec §9. */
export const TAG_COLOURS = PALETTE;
export type TagColour = PaletteColour;
export { COLOUR_NAMES };

/** The school's tags (sorted by the server) for a viewer who may read them. */
export function useTags(enabled: boolean) {
  const [tags, setTags] = useState<Tag[]>([]);
  const [loaded, setLoaded] = useState(false);
  /** The last load failed (the client has already shown the error toast). */
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setFailed(false);
    api<Ok<'tags_list'>>(endpoints.tags, { signal: controller.signal }).then(
      ({ data }) => {
        setTags(data);
        setLoaded(true);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [enabled, round]);
  return { tags, loaded, failed, reload: () => setRound((n) => n + 1) };
}
