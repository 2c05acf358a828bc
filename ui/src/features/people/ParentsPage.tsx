//! /users/{id}/parents (worker): the user's parents.
import { FamilyPage } from './FamilyPage';

export default function ParentsPage() {
  return <FamilyPage relation="parents" />;
}
