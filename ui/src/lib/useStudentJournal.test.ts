import { describe, expect, it } from 'vitest';
import { readsJournalKnown } from './useStudentJournal';

const student: Parameters<typeof readsJournalKnown>[0] = { id: 7, roles: ['student'] };
const viewer = (roles: string[], id = 1, children_ids: number[] = []) => ({ id, roles, children_ids }) as Parameters<typeof readsJournalKnown>[1];

describe("who reads a student's journal from his card", () => {
  it('a manager, the student and his parents without asking', () => {
    expect(readsJournalKnown(student, viewer(['manager']))).toBe(true);
    expect(readsJournalKnown(student, viewer(['student'], 7))).toBe(true);
    expect(readsJournalKnown(student, viewer(['parent'], 3, [7]))).toBe(true);
  });

  it('a teacher as the server answers; nobody else', () => {
    expect(readsJournalKnown(student, viewer(['worker']))).toBeNull();
    expect(readsJournalKnown(student, viewer(['parent'], 3, [8]))).toBe(false);
    expect(readsJournalKnown(student, viewer(['student'], 8))).toBe(false);
    expect(readsJournalKnown({ id: 7, roles: ['worker'] }, viewer(['worker']))).toBe(false);
  });
});
