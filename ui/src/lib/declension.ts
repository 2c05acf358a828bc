//! People's names declined in Russian sentences («глазами Соколовой Марины Олеговны»): the one
//! place the UI declines a name, with the `petrovich` library. It tells a person's gender from
//! the patronymic only; without one the name cannot be declined safely and null says so.
import petrovich from 'petrovich';

export type GrammaticalCase = 'genitive' | 'dative' | 'accusative' | 'instrumental' | 'prepositional';

export interface NameParts {
  last_name: string;
  first_name: string;
  middle_name?: string | null;
}

/** A person's gender told from the patronymic, or null without one (or when it does not tell). */
export function genderOf(middleName: string | null | undefined): 'male' | 'female' | null {
  const middle = middleName?.trim();
  if (!middle) return null;
  const gender = petrovich.detect_gender(middle);
  return gender === 'androgynous' ? null : gender;
}

/** «Фамилия Имя Отчество» in `grammaticalCase`, or null when the gender cannot be told. */
export function declineName(person: NameParts, grammaticalCase: GrammaticalCase): string | null {
  const gender = genderOf(person.middle_name);
  if (!gender) return null;
  const middle = person.middle_name!.trim();
  const declined = petrovich({ gender, last: person.last_name, first: person.first_name, middle }, grammaticalCase);
  return [declined.last, declined.first, declined.middle].join(' ');
}
