//! How the UI writes values for people (Russian, spec §8 style): dates «23.11.2026», date and time
//! «23.11.2026 14:05», money from kopecks «1 234,50 ₽», durations «1 ч 30 мин», sizes «1,5 МБ»,
//! phones «+7 912 345-67-89» and names «Соколова Мария Олеговна» / «Соколова М. О.».

const DATE = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });
const TIME = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });
const MONEY = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' });
const ONE_DECIMAL = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
const COUNT = new Intl.NumberFormat('ru-RU');

/** A day `YYYY-MM-DD` is read as that local day; anything else as an instant. */
const toDate = (value: string | Date) =>
  value instanceof Date ? value : new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value);

/** What to show for an unreadable value: the value itself. */
const orAsIs = (value: string | Date, format: (date: Date) => string) => {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? String(value) : format(date);
};

/**
 * An instant the server wrote with a numeric offset (a lesson's time, in the school's zone) is
 * shown on that clock, whatever the browser's zone: `[«23.11.2026», «16:00»]`. Null otherwise.
 */
const OFFSET_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?[+-]\d{2}:\d{2}$/;
const wallClock = (value: string | Date): [string, string] | null => {
  const parts = typeof value === 'string' ? OFFSET_INSTANT.exec(value) : null;
  return parts ? [`${parts[3]}.${parts[2]}.${parts[1]}`, `${parts[4]}:${parts[5]}`] : null;
};

/** «23.11.2026». */
export const formatDate = (value: string | Date) => wallClock(value)?.[0] ?? orAsIs(value, (date) => DATE.format(date));

/** «14:05». */
export const formatTime = (value: string | Date) => wallClock(value)?.[1] ?? orAsIs(value, (date) => TIME.format(date));

/** «23.11.2026 14:05». */
export const formatDateTime = (value: string | Date) =>
  wallClock(value)?.join(' ') ?? orAsIs(value, (date) => `${DATE.format(date)} ${TIME.format(date)}`);

/** Whether two instants fall on the same local day. */
export const sameDay = (a: string | Date, b: string | Date) => formatDate(a) === formatDate(b);

/** Kopecks -> «1 234,50 ₽» (no-break spaces between thousands and before the sign, as Intl ru-RU). */
export const formatMoney = (kopecks: number) => MONEY.format(kopecks / 100);

/** A count -> «12 345» (a no-break space between thousands, as Intl ru-RU). */
export const formatCount = (count: number) => COUNT.format(count);

/** Minutes -> «1 ч 30 мин», «45 мин», «2 ч»; «0 мин» for nothing. */
export function formatDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} мин`;
  return rest === 0 ? `${hours} ч` : `${hours} ч ${rest} мин`;
}

const KIB = 1024;
const MIB = 1024 * 1024;

/** Bytes -> «512 Б», «12 КБ», «1,5 МБ». */
export function formatSize(bytes: number): string {
  if (bytes < KIB) return `${bytes} Б`;
  if (bytes < MIB) return `${Math.round(bytes / KIB)} КБ`;
  return `${ONE_DECIMAL.format(bytes / MIB)} МБ`;
}

/** `+79123456789` -> «+7 912 345-67-89»; anything else as it is. */
export function formatPhone(phone: string): string {
  const match = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return match ? `+7 ${match[1]} ${match[2]}-${match[3]}-${match[4]}` : phone;
}

/** The parts of a person's name as the API sends them (a missing middle name: null or absent). */
export interface NameParts {
  readonly last_name: string;
  readonly first_name: string;
  readonly middle_name?: string | null;
}

/** «Соколова Мария Олеговна». */
export const fullName = ({ last_name, first_name, middle_name }: NameParts) =>
  [last_name, first_name, middle_name].map((part) => part?.trim()).filter(Boolean).join(' ');

/** «Соколова Мария Олеговна» (or its parts) -> «Соколова М. О.»; a single word stays as it is. */
export function shortName(name: string | NameParts): string {
  const [last = '', ...given] = (typeof name === 'string' ? name : fullName(name)).trim().split(/\s+/);
  return [last, ...given.map((part) => `${part.charAt(0).toUpperCase()}.`)].join(' ');
}
