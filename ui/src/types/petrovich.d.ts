// The `petrovich` package (0.2) ships no types: the part of it the UI uses.
declare module 'petrovich' {
  type Gender = 'male' | 'female' | 'androgynous';
  interface Person {
    gender?: Gender;
    first?: string;
    middle?: string;
    last?: string;
  }
  interface Petrovich {
    (person: Person, grammaticalCase: string): Person;
    detect_gender(middle: string): Gender;
  }
  const petrovich: Petrovich;
  export default petrovich;
}
