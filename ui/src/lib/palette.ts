//! The one palette of spec §9 (selectable colours, in order) and its Russian colour names,
//! shared by the tags (a tag's colour) and the interface settings (the primary colour).

export const PALETTE = [
  'red', 'orange', 'amber', 'yellow', 'lime', 'green', 'emerald', 'teal', 'cyan',
  'sky', 'blue', 'indigo', 'violet', 'purple', 'fuchsia', 'pink', 'rose', 'gray',
] as const;
export type PaletteColour = (typeof PALETTE)[number];

export const COLOUR_NAMES: Record<PaletteColour, string> = {
  red: 'Красный', orange: 'Оранжевый', amber: 'Янтарный', yellow: 'Жёлтый', lime: 'Лаймовый',
  green: 'Зелёный', emerald: 'Изумрудный', teal: 'Сине-зелёный', cyan: 'Бирюзовый', sky: 'Небесный',
  blue: 'Синий', indigo: 'Индиго', violet: 'Фиолетовый', purple: 'Пурпурный', fuchsia: 'Фуксия',
  pink: 'Розовый', rose: 'Малиновый', gray: 'Серый',
};
