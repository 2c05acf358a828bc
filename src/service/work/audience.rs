//! Who an event's audience is: the people it notifies, and whether a person's calendar shows it.

use crate::domain::event::{Audience, Member};
use crate::domain::group::Group;
use crate::domain::role::is_staff;
use crate::domain::{GroupId, User, UserId};
use crate::service::ServiceError;
use crate::store::directory::Directory;
use crate::store::record::{self, Reader};
use crate::store::{family, groups};
use std::collections::BTreeSet;

/// Everyone `audience` names (not deleted): the whole school, the staff, the groups' students,
/// their parents and teachers, or the people and their parents.
pub fn people(txn: &impl Reader, directory: &Directory, audience: &Audience) -> Result<BTreeSet<UserId>, ServiceError> {
    let living = directory.entries.iter().filter(|e| !e.deleted);
    let mut found = BTreeSet::new();
    match audience {
        Audience::All => found.extend(living.map(|e| e.id)),
        Audience::Staff => found.extend(living.filter(|e| is_staff(&e.roles)).map(|e| e.id)),
        Audience::Groups(ids) => {
            for &id in ids {
                let Some(group) = record::get::<Group>(txn, id)? else {
                    continue;
                };
                found.insert(group.teacher_id);
                for &student in &group.student_ids {
                    found.insert(student);
                    found.extend(family::parents_of(txn, student)?);
                }
            }
        }
        Audience::People(ids) => {
            for &id in ids {
                found.insert(id);
                found.extend(family::parents_of(txn, id)?);
            }
        }
    }
    found.retain(|id| directory.find(*id).is_some_and(|e| !e.deleted));
    Ok(found)
}

/// What an audience needs to know of `person`: his groups (as student or teacher), his children
/// who are not deleted and their groups.
#[derive(Debug)]
pub struct Membership {
    groups: Vec<GroupId>,
    children: Vec<UserId>,
    children_groups: Vec<GroupId>,
}

impl Membership {
    /// Read for `person`.
    pub fn of(txn: &impl Reader, person: UserId) -> Result<Self, ServiceError> {
        let mut own = groups::ids_of_student(txn, person)?;
        own.extend(groups::ids_of_teacher(txn, person)?);
        let children = family::living_children_of(txn, person)?;
        let mut children_groups = Vec::new();
        for &child in &children {
            children_groups.extend(groups::ids_of_student(txn, child)?);
        }
        Ok(Self {
            groups: own,
            children,
            children_groups,
        })
    }

    /// Whether `audience` includes `user`, whose membership this is.
    pub fn includes(&self, user: &User, audience: &Audience) -> bool {
        audience.includes(&Member {
            id: user.id,
            roles: &user.roles,
            groups: &self.groups,
            children: &self.children,
            children_groups: &self.children_groups,
        })
    }
}
