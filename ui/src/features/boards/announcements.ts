//! What a screen reader hears while a card is dragged (dnd-kit's live region), in Russian: where
//! the card is lifted, over which column and place it is, where it is put or that it went back.
import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';

export const instructions: ScreenReaderInstructions = {
  draggable:
    'Чтобы поднять карточку, нажмите пробел. Стрелки вверх и вниз перемещают её в колонке, влево и вправо — в соседнюю колонку. ' +
    'Пробел кладёт карточку на новое место, Escape отменяет перемещение.',
};

/** Where a card is or would be: its title, the column's name, its place (from 1) and the column's count. */
export interface Spot {
  title: string;
  column: string;
  place: number;
  count: number;
}

type Describe = (active: UniqueIdentifier, over: UniqueIdentifier | null) => Spot | null;

const where = (spot: Spot) => `колонка «${spot.column}», место ${spot.place} из ${spot.count}`;

/** The announcements of a board; `describe` reads the board as it is at that moment. */
export function announcements(describe: Describe): Announcements {
  const say = (active: UniqueIdentifier, over: UniqueIdentifier | null, text: (spot: Spot) => string, otherwise: string) => {
    const spot = describe(active, over);
    return spot ? text(spot) : otherwise;
  };
  return {
    onDragStart: ({ active }) => say(active.id, active.id, (spot) => `Карточка «${spot.title}» поднята: ${where(spot)}.`, 'Карточка поднята.'),
    onDragOver: ({ active, over }) =>
      over ? say(active.id, over.id, (spot) => `Карточка «${spot.title}»: ${where(spot)}.`, '') : 'Карточка вне колонок.',
    onDragEnd: ({ active, over }) =>
      over
        ? say(active.id, over.id, (spot) => `Карточка «${spot.title}» положена: ${where(spot)}.`, 'Карточка положена.')
        : 'Карточка возвращена на место.',
    onDragCancel: ({ active }) => say(active.id, null, (spot) => `Перемещение отменено: карточка «${spot.title}» вернулась на место.`, 'Перемещение отменено.'),
  };
}
