//! /users/{id}/children (manager): the user's children.
import { FamilyPage } from './FamilyPage';

export default function ChildrenPage() {
  return <FamilyPage relation="children" />;
}
