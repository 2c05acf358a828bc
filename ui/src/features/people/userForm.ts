//! The person form's fields and checks (spec §5 messages; the server checks the rest and answers
//! 422 with Russian messages per field).
import { ruBirthDate, ruDateFromIso, z } from '../../lib/forms';
import type { UserCard, UserView } from '../../lib/person';
import type { PersonBody } from './people';

const text = z.string().trim();

const personFields = {
  last_name: text.min(1),
  first_name: text.min(1),
  middle_name: text,
  email: text.min(1).pipe(z.email()),
  phone: text,
  birth_date: ruBirthDate(),
  notes: z.string(),
  roles: z.array(z.string()),
  tags: z.array(z.number()),
  send_password_link: z.boolean(),
  /** On create, a student's parents (picked from the parents of the school). */
  parents: z.array(z.custom<UserView>()),
};

/** Editing: roles and tags have their own calls and dialogs. */
export const editSchema = z.object(personFields);

/** Creating: at least one role. */
export const createSchema = editSchema.extend({ roles: z.array(z.string()).min(1, 'Выберите хотя бы одну роль') });

export type PersonValues = z.input<typeof editSchema>;

export const emptyPerson: PersonValues = {
  last_name: '', first_name: '', middle_name: '', email: '', phone: '', birth_date: '', notes: '',
  roles: [], tags: [], send_password_link: true, parents: [],
};

/** The form's values for an existing user. */
export function personValues(card: UserCard): PersonValues {
  return {
    ...emptyPerson,
    last_name: card.last_name,
    first_name: card.first_name,
    middle_name: card.middle_name ?? '',
    email: card.email,
    phone: card.phone ?? '',
    birth_date: ruDateFromIso(card.birth_date ?? ''),
    notes: card.notes ?? '',
    roles: [...card.roles],
    tags: [...card.tags],
    send_password_link: false,
  };
}

/** Whether the create form offers to pick parents: for a new student. */
export const takesParents = (roles: readonly string[]) => roles.includes('student');

/** `POST /api/users`'s body: everything the form holds, the parents as ids (a student's only). */
export function createBody({ parents, ...person }: PersonValues): PersonBody {
  return { ...person, parents: takesParents(person.roles) ? parents.map((p) => p.id) : [] };
}

/** `PUT /api/users/{id}`'s body: the person's own fields. */
export function updateBody({ roles: _roles, tags: _tags, send_password_link: _link, parents: _parents, ...person }: PersonValues): PersonBody {
  return person;
}
