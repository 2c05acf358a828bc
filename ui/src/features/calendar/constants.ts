//! The calendar's constants of spec §9, in one place: what counts as a swipe on a phone, how many
//! periods stay cached, and how long typing must pause before a filter applies.

/** A swipe lasts at most this long (ms)… */
export const SWIPE_MAX_MS = 300;
/** …moves at least this far sideways (px)… */
export const SWIPE_MIN_X = 60;
/** …and at most this far up or down (px), else it is a scroll. */
export const SWIPE_MAX_Y = 80;
/** Months of entries kept for going back and forth in the month view. */
export const MONTH_CACHE = 12;
/** Weeks and days of entries kept for the week and day views. */
export const PAGE_CACHE = 5;
/** A typed filter (the room) applies once typing pauses this long (ms). */
export const INPUT_DEBOUNCE_MS = 1000;

/** The hours the week and day views show at least (more when a lesson lies outside). */
export const DAY_FIRST_HOUR = 8;
export const DAY_LAST_HOUR = 21;
/** A dropped lesson starts on this step of minutes. */
export const DROP_STEP_MINUTES = 15;
/** The height of an hour in the week and day views (px). */
export const HOUR_PX = 48;
/** Lessons at the same hour side by side in a day of the week view at most (a lane of a day 135 px
 * wide at 1366 px is then still wide enough for «Химия»); more fold into «+N», which opens the day. */
export const WEEK_LANES = 2;
