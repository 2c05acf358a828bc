//! The one validation layer every form uses (spec §5): zod with the spec's message overrides;
//! every other message stays zod's default English one.
import { z } from 'zod';

export { z };

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const isEmpty = (input: unknown) => input === undefined || input === null || input === '';

/** The overrides of spec §5; undefined keeps zod's default message. */
export function formMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (!isEmpty(issue.input)) return undefined;
      return issue.expected === 'string' || issue.expected === 'number' ? 'Обязательное поле' : 'Обязательно для заполнения';
    case 'too_small':
      if (issue.origin === 'string') return 'Обязательное поле';
      if (issue.origin === 'number') return `Number must be at least ${issue.minimum}.`;
      if (isEmpty(issue.input) || (Array.isArray(issue.input) && issue.input.length === 0)) return 'Обязательно для заполнения';
      return undefined;
    case 'invalid_format':
      if (issue.format === 'email') return 'Please enter a valid email address.';
      if (issue.format === 'url') return 'Please enter a valid URL.';
      return undefined;
    default:
      return undefined;
  }
}

z.config({ customError: formMessage });

/** A date string (YYYY-MM-DD) of someone at least `minAge` years old today. */
export function birthDate(minAge: number, today: Date = new Date()) {
  return z.iso.date().refine(
    (value) => {
      const born = new Date(`${value}T00:00:00`);
      const limit = new Date(today.getFullYear() - minAge, today.getMonth(), today.getDate());
      return born <= limit;
    },
    { message: `You must be at least ${minAge} years old.` },
  );
}

const RU_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** `ДД.ММ.ГГГГ` (or `YYYY-MM-DD`, as pasted) -> `YYYY-MM-DD`; null if it is no real date. */
export function isoFromRuDate(text: string): string | null {
  const ru = RU_DATE.exec(text);
  const iso = ISO_DATE.exec(text);
  const [y, m, d] = ru ? [+ru[3], +ru[2], +ru[1]] : iso ? [+iso[1], +iso[2], +iso[3]] : [0, 0, 0];
  const date = new Date(y, m - 1, d);
  const real = y > 0 && date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d;
  return real ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/** `YYYY-MM-DD` -> `ДД.ММ.ГГГГ` for a text field; anything else as it is. */
export const ruDateFromIso = (iso: string) => iso.replace(ISO_DATE, '$3.$2.$1');

/** An optional birth date typed as ДД.ММ.ГГГГ, handed on as `YYYY-MM-DD` (or '' when empty);
 * the server's messages and range (1900 to today). */
export function ruBirthDate(today: Date = new Date()) {
  const todayIso = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  return ruDate().refine((iso) => iso === '' || (iso >= '1900-01-01' && iso <= todayIso), { message: 'Дата рождения вне допустимого диапазона' });
}

/** A date typed as ДД.ММ.ГГГГ, handed on as `YYYY-MM-DD` ('' when empty, which `required`
 * refuses with `missing`). */
export function ruDate({ required = false, missing = 'Обязательное поле' } = {}) {
  return z
    .string()
    .trim()
    .refine((text) => !required || text !== '', { message: missing, abort: true })
    .refine((text) => text === '' || isoFromRuDate(text) !== null, { message: 'Введите дату в формате ДД.ММ.ГГГГ', abort: true })
    .transform((text) => (text === '' ? '' : (isoFromRuDate(text) as string)));
}

export const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

/** The fields of a form that sets a new password, with the server's bounds and texts. */
export const newPasswordFields = {
  password: z
    .string()
    .min(1)
    .min(PASSWORD_MIN, `Пароль должен быть не короче ${PASSWORD_MIN} символов`)
    .max(PASSWORD_MAX, `Пароль должен быть не длиннее ${PASSWORD_MAX} символов`),
  password_confirmation: z.string().min(1),
};

interface NewPassword {
  password: string;
  password_confirmation: string;
}

/** Such a form's schema with the check that the confirmation repeats the password. */
export function confirmedPassword<S extends z.ZodType<NewPassword>>(schema: S) {
  return schema.refine((form) => form.password === form.password_confirmation, {
    message: 'Пароли не совпадают',
    path: ['password_confirmation'],
  });
}

export type FieldErrors = Record<string, string>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

/** Checks form values; on failure the first message of each field, keyed by its dotted path. */
export function validate<S extends z.ZodType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The messages of `errors` whose names are not among a form's `fields` (nor `shownElsewhere`, which the form shows by its own fields): shown for the form. */
export function strayMessages(errors: FieldErrors, fields: object, shownElsewhere?: RegExp): string[] {
  return Object.entries(errors)
    .filter(([name]) => !Object.hasOwn(fields, name) && !shownElsewhere?.test(name))
    .map(([, text]) => text);
}
