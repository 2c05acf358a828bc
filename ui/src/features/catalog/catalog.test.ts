import { describe, expect, it } from 'vitest';
import { courseFilters, parseRoubles, personSubjectsBody, progressPercent, roublesField, subjectFilters } from './catalog';

describe('the catalogue lists', () => {
  it('keep the archive filter, the search and the subject in the address and send them as the API names them', () => {
    const params = new URLSearchParams('search=хим&archived=only&sort=-name&subject=3&per_page=50&page=2');
    const subjects = subjectFilters.read(params);
    expect(subjects).toEqual({ search: 'хим', archived: 'only', sort: '-name', perPage: 50, page: 2 });
    expect(subjectFilters.query(subjects)).toEqual({ search: 'хим', archived: 'only', sort: '-name', per_page: 50, page: 2 });
    const courses = courseFilters.read(params);
    expect(courseFilters.query(courses)).toMatchObject({ subject_id: 3, archived: 'only' });
    expect(subjectFilters.read(new URLSearchParams('archived=maybe')).archived).toBe('');
    expect(subjectFilters.write({ ...subjects, archived: '', sort: 'name', perPage: 25, page: 1 }).toString()).toBe('search=%D1%85%D0%B8%D0%BC');
  });
});

describe('prices in roubles', () => {
  it('read what a person types and write kopecks back for editing', () => {
    expect(parseRoubles('1 234,50')).toBe(123450);
    expect(parseRoubles('1500 ₽')).toBe(150000);
    expect(parseRoubles('0,5')).toBe(50);
    expect(parseRoubles('  ')).toBeNull();
    expect(parseRoubles('-5')).toBeUndefined();
    expect(parseRoubles('12,345')).toBeUndefined();
    expect(parseRoubles('сто')).toBeUndefined();
    expect(roublesField(123450)).toBe('1234,50');
    expect(roublesField(150000)).toBe('1500');
    expect(roublesField(null)).toBe('');
  });
});

describe('progress', () => {
  it('is a share of the plan from 0 to 100', () => {
    expect(progressPercent(3, 12)).toBe(25);
    expect(progressPercent(15, 12)).toBe(100);
    expect(progressPercent(0, 0)).toBe(0);
  });
});

describe("a person's subjects", () => {
  it('are sent in the list order, with prices for a student only, and a wrong price is named', () => {
    const chosen = new Map([
      [5, '800'],
      [2, ''],
    ]);
    expect(personSubjectsBody(chosen, [1, 2, 5], true)).toEqual({
      data: [
        { subject_id: 2, price: null },
        { subject_id: 5, price: 80000 },
      ],
    });
    expect(personSubjectsBody(chosen, [1, 2, 5], false)).toEqual({
      data: [
        { subject_id: 2, price: null },
        { subject_id: 5, price: null },
      ],
    });
    expect(personSubjectsBody(new Map([[4, 'дорого']]), [4], true)).toEqual({ wrong: 4 });
  });
});
