//! Parent and child links: a parent has the parent role, staff are nobody's child, nobody is
//! his own parent, and no chain of links loops back.

use super::{Role, Roles, UserId};
use std::collections::BTreeSet;

/// Why a link is refused; the message is shown to the user.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum InvalidLink<E> {
    #[error("{0}")]
    Lookup(E),
    #[error("Нельзя связать пользователя с самим собой")]
    SelfLink,
    #[error("Такая связь создала бы цикл: пользователь оказался бы своим же предком")]
    Cycle,
    #[error("Родителем можно сделать только пользователя с ролью «Родитель»")]
    NotAParent,
    #[error("Сотрудника или менеджера нельзя сделать чьим-то ребёнком")]
    StaffChild,
}

/// Checks the roles of the two sides of a link: the parent holds the parent role, the child
/// is not staff (a manager or a worker).
pub fn check_roles<E>(parent: &Roles, child: &Roles) -> Result<(), InvalidLink<E>> {
    if !parent.contains(&Role::Parent) {
        return Err(InvalidLink::NotAParent);
    }
    if super::role::is_staff(child) {
        return Err(InvalidLink::StaffChild);
    }
    Ok(())
}

/// Checks that making `parent` a parent of `child` keeps the family tree free of loops,
/// given a function that lists anyone's current parents.
pub fn check_link<E>(
    parent: UserId,
    child: UserId,
    parents_of: impl Fn(UserId) -> Result<Vec<UserId>, E>,
) -> Result<(), InvalidLink<E>> {
    if parent == child {
        return Err(InvalidLink::SelfLink);
    }
    // A loop appears when the child is already among the parent's ancestors.
    let mut seen = BTreeSet::new();
    let mut frontier = vec![parent];
    while let Some(person) = frontier.pop() {
        for ancestor in parents_of(person).map_err(InvalidLink::Lookup)? {
            if ancestor == child {
                return Err(InvalidLink::Cycle);
            }
            if seen.insert(ancestor) {
                frontier.push(ancestor);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_self_links_and_loops() {
        // 1 is parent of 2, 2 is parent of 3.
        let parents = |u: UserId| -> Result<Vec<UserId>, ()> {
            Ok(match u.0 {
                2 => vec![UserId(1)],
                3 => vec![UserId(2)],
                _ => vec![],
            })
        };
        assert_eq!(check_link(UserId(4), UserId(4), parents), Err(InvalidLink::SelfLink));
        assert_eq!(check_link(UserId(3), UserId(1), parents), Err(InvalidLink::Cycle));
        assert_eq!(check_link(UserId(2), UserId(1), parents), Err(InvalidLink::Cycle));
        assert_eq!(check_link(UserId(4), UserId(3), parents), Ok(()));
        assert_eq!(check_link(UserId(1), UserId(3), parents), Ok(()));
    }

    #[test]
    fn a_parent_holds_the_parent_role_and_staff_are_nobodys_child() {
        let roles = |list: &[Role]| list.iter().copied().collect::<Roles>();
        let check = |parent: &[Role], child: &[Role]| check_roles::<()>(&roles(parent), &roles(child));
        assert_eq!(check(&[Role::Parent], &[Role::Student]), Ok(()));
        assert_eq!(check(&[Role::Parent, Role::Worker], &[Role::Parent]), Ok(()));
        assert_eq!(check(&[Role::Student], &[Role::Student]), Err(InvalidLink::NotAParent));
        assert_eq!(check(&[Role::Manager], &[Role::Student]), Err(InvalidLink::NotAParent));
        assert_eq!(check(&[Role::Parent], &[Role::Worker]), Err(InvalidLink::StaffChild));
        assert_eq!(
            check(&[Role::Parent], &[Role::Student, Role::Manager]),
            Err(InvalidLink::StaffChild)
        );
    }
}
