//! How a user is shown by the API: a page of list rows, the card, and the signed-in user.

use super::envelope::{Data, Paged};
use super::json_text::JsonText;
use super::paging::paged_pieces;
use super::vocabulary::RoleName;
use crate::domain::{Page, User, UserId};
use crate::service::people::{Person, Seen};
use poem_openapi::Object;
use poem_openapi::types::ToJSON;

/// A user as the API shows it (never the password hash; notes only to staff).
#[derive(Debug, Object)]
pub struct UserView {
    pub id: UserId,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    #[oai(nullable)]
    pub middle_name: Option<String>,
    /// "Фамилия Имя Отчество".
    pub full_name: String,
    /// Normalised, e.g. `+79123456789`.
    #[oai(nullable)]
    pub phone: Option<String>,
    /// `YYYY-MM-DD`.
    #[oai(nullable)]
    pub birth_date: Option<String>,
    pub roles: Vec<RoleName>,
    /// Tag ids.
    pub tags: Vec<u64>,
    /// Staff notes; null for viewers who are not staff.
    #[oai(nullable)]
    pub notes: Option<String>,
    /// Whether the user confirmed the e-mail address.
    pub email_verified: bool,
    pub created_at: String,
    pub updated_at: String,
    /// Set when the user is deleted (restorable).
    #[oai(nullable)]
    pub deleted_at: Option<String>,
    #[oai(nullable)]
    pub last_login_at: Option<String>,
}

impl UserView {
    /// The view of `user`, with or without their private fields (as the service decided).
    pub fn new(user: &User, private_fields: bool) -> Self {
        Self {
            id: user.id,
            email: user.email.to_string(),
            first_name: user.first_name.as_str().to_owned(),
            last_name: user.last_name.as_str().to_owned(),
            middle_name: user.middle_name.as_ref().map(|m| m.as_str().to_owned()),
            full_name: user.full_name(),
            phone: user.phone.as_ref().map(|p| p.as_str().to_owned()),
            birth_date: user.birth_date.map(|d| d.to_string()),
            roles: user.roles.iter().copied().map(RoleName::from).collect(),
            tags: user.tags.iter().map(|t| t.0).collect(),
            notes: private_fields.then(|| user.notes.clone()),
            email_verified: user.email_verified_at.is_some(),
            created_at: user.created_at.to_string(),
            updated_at: user.updated_at.to_string(),
            deleted_at: user.deleted_at.map(|t| t.to_string()),
            last_login_at: user.last_login_at.map(|t| t.to_string()),
        }
    }

    /// The view of a person as the JSON text `Json<UserView>` sends: rendered once per version
    /// of the user and kind of view, and kept in the directory.
    fn text_of(seen: &Seen) -> &str {
        let private_fields = seen.private_fields;
        seen.entry.shown(private_fields, |user| {
            Self::new(user, private_fields)
                .to_json()
                .unwrap_or_default()
                .to_string()
        })
    }
}

/// A page of people.
pub type UserPage = Paged<UserView>;

impl UserPage {
    /// The page of `found` as JSON text: each row is the entry's view, rendered once per version
    /// of the user and kind of view and kept in the directory, so a page only copies text.
    pub fn text(found: &Page<Seen>) -> JsonText<Self> {
        paged_pieces(found, 640, |seen, text| text.push_str(UserView::text_of(seen)))
    }
}

/// A user's card: the user and their family links.
#[derive(Debug, Object)]
pub struct UserCard {
    #[oai(flatten)]
    pub user: UserView,
    pub parent_ids: Vec<UserId>,
    pub children_ids: Vec<UserId>,
}

/// `{data: card}`.
pub type CardEnvelope = Data<UserCard>;

impl CardEnvelope {
    /// The card of `person` as JSON text: the user's view as the directory keeps it (the same
    /// text as their list row), with the family links added.
    pub fn text(person: &Person) -> JsonText<Self> {
        let view = UserView::text_of(&person.seen);
        let fields = view.strip_suffix('}').unwrap_or(view);
        let ids = |ids: &[UserId]| ids.iter().map(|id| id.0.to_string()).collect::<Vec<_>>().join(",");
        let text = format!(
            r#"{{"data":{fields},"parent_ids":[{}],"children_ids":[{}]}}}}"#,
            ids(&person.parents),
            ids(&person.children)
        );
        JsonText::new(text)
    }
}

/// The manager behind an impersonated session.
#[derive(Debug, Object)]
pub struct Impersonator {
    pub id: UserId,
    pub full_name: String,
}

/// The signed-in user, with what the UI's guards and banner need.
#[derive(Debug, Object)]
pub struct CurrentUser {
    #[oai(flatten)]
    pub user: UserView,
    /// For `master-by-url`: a parent may open his children's pages.
    pub children_ids: Vec<UserId>,
    /// Set while a manager acts as this user ("Вы вошли как …").
    #[oai(nullable)]
    pub impersonator: Option<Impersonator>,
    /// The school's time zone («Europe/Moscow»): the pages count «today» on the school's clock,
    /// whatever zone the browser is set to.
    pub school_time_zone: String,
    /// The school's name (`school.name`): the menu's heading, receipts.
    pub school_name: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::json_text::parsed;
    use crate::api::paging::PageMeta;
    use crate::domain::{Email, NewUser, PageRequest, Password, PersonName, Phone, Role, TagId, UserId};
    use crate::service::people::Entry;
    use jiff::Timestamp;
    use std::sync::Arc;

    fn user(id: u64, email: &str, notes: &str) -> User {
        let mut new = NewUser::new(
            Email::parse(email).expect("email"),
            PersonName::parse("Фёдорова").expect("name"),
            PersonName::parse("Алёна").expect("name"),
            [Role::Student, Role::Parent].into_iter().collect(),
            Password::parse("пароль-пароль").expect("password").hash(),
        );
        new.phone = Some(Phone::parse("8 912 345-67-89").expect("phone"));
        new.tags = [TagId(3), TagId(1)].into_iter().collect();
        new.notes = notes.to_owned();
        let mut user = User::create(new, UserId(id), Timestamp::from_second(1_700_000_000).expect("time"));
        user.last_login_at = Some(Timestamp::from_second(1_750_000_000).expect("time"));
        user
    }

    #[tokio::test]
    async fn a_page_as_text_is_what_json_of_the_page_would_be() {
        let users = [
            user(7, "a@school.ru", "пишет \"так\" \\ и\nтак"),
            user(9, "b@school.ru", ""),
        ];
        let entries: Vec<Arc<Entry>> = users.iter().map(|u| Arc::new(Entry::of(u))).collect();
        for private_fields in [true, false] {
            let found = PageRequest::new(Some(2), Some(2))
                .slice(entries.iter().cycle().take(5).cloned())
                .map(|entry| Seen { entry, private_fields });
            let page = UserPage {
                data: found
                    .items
                    .iter()
                    .filter_map(|seen| users.iter().find(|u| u.id == seen.entry.id))
                    .map(|u| UserView::new(u, private_fields))
                    .collect(),
                meta: PageMeta::of(&found),
            };
            let text = UserPage::text(&found);
            assert_eq!(
                parsed(text).await,
                parsed(poem_openapi::payload::Json(page)).await,
                "private fields: {private_fields}"
            );
        }
    }

    #[tokio::test]
    async fn a_card_as_text_is_what_json_of_the_card_would_be() {
        let user = user(7, "a@school.ru", "пишет \"так\"");
        for (parents, children) in [(vec![], vec![]), (vec![UserId(2), UserId(30)], vec![UserId(4)])] {
            for private_fields in [true, false] {
                let person = Person {
                    seen: Seen {
                        entry: Arc::new(Entry::of(&user)),
                        private_fields,
                    },
                    parents: parents.clone(),
                    children: children.clone(),
                };
                let card = CardEnvelope {
                    data: UserCard {
                        user: UserView::new(&user, private_fields),
                        parent_ids: parents.clone(),
                        children_ids: children.clone(),
                    },
                };
                let text = CardEnvelope::text(&person);
                assert_eq!(
                    parsed(text).await,
                    parsed(poem_openapi::payload::Json(card)).await,
                    "private fields: {private_fields}"
                );
            }
        }
    }
}
