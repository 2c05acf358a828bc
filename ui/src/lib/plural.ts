//! Counting people in Russian: «1 человек», «2 человека», «5 человек», «21 человек».

/** "1 человек", "3 человека", "12 человек". */
export function countPeople(count: number): string {
  const few = count % 10 >= 2 && count % 10 <= 4 && !(count % 100 >= 12 && count % 100 <= 14);
  return `${count} ${few ? 'человека' : 'человек'}`;
}
