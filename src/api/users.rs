//! `/api/users`: list, show, create, update, delete and restore people.

use super::json_text::JsonText;
use super::paging::with_or_only;
use super::user_view::{CardEnvelope, UserPage};
use super::{ApiTags, NoContent, State};
use crate::domain::{Page, PageRequest, Role, TagId, UserId};
use crate::error::ApiError;
use crate::policy::{Caller, Rule};
use crate::service::FieldErrors;
use crate::service::ServiceError;
use crate::service::people::{self, PersonForm, Sort, UserQuery};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};

/// A person's fields as a form sends them; all optional here, checked by the server.
#[derive(Debug, Object)]
pub struct PersonBody {
    #[oai(nullable)]
    pub email: Option<String>,
    #[oai(nullable)]
    pub last_name: Option<String>,
    #[oai(nullable)]
    pub first_name: Option<String>,
    #[oai(nullable)]
    pub middle_name: Option<String>,
    #[oai(nullable)]
    pub phone: Option<String>,
    /// `YYYY-MM-DD` or `DD.MM.YYYY`.
    #[oai(nullable)]
    pub birth_date: Option<String>,
    #[oai(nullable)]
    pub notes: Option<String>,
    /// On create only: the roles (at least one).
    #[oai(nullable)]
    pub roles: Option<Vec<String>>,
    /// On create only: tag ids.
    #[oai(nullable)]
    pub tags: Option<Vec<u64>>,
    /// On create only: mail the new person a link to set their password.
    #[oai(nullable)]
    pub send_password_link: Option<bool>,
    /// On create only: ids of the new person's parents, linked by the same rules as
    /// `POST /api/users/{id}/parents/save` (422 on the field `parents` otherwise).
    #[oai(nullable)]
    pub parents: Option<Vec<u64>>,
}

impl PersonBody {
    fn form(&self) -> PersonForm {
        PersonForm {
            email: self.email.clone(),
            last_name: self.last_name.clone(),
            first_name: self.first_name.clone(),
            middle_name: self.middle_name.clone(),
            phone: self.phone.clone(),
            birth_date: self.birth_date.clone(),
            notes: self.notes.clone(),
        }
    }
}

/// The answer to a create.
#[derive(Debug, ApiResponse)]
pub enum Created {
    /// Created.
    #[oai(status = 201)]
    Created(JsonText<CardEnvelope>),
}

fn parse_sort(raw: Option<&str>) -> Result<Sort, ServiceError> {
    Ok(match raw.unwrap_or("last_name") {
        "last_name" => Sort::LastName,
        "-last_name" => Sort::LastNameDesc,
        "created_at" => Sort::CreatedAt,
        "-created_at" => Sort::CreatedAtDesc,
        "email" => Sort::Email,
        "-email" => Sort::EmailDesc,
        _ => {
            return Err(FieldErrors::one(
                "sort",
                "Допустимо: last_name, created_at, email (с «-» — по убыванию)",
            ));
        }
    })
}

fn parse_roles(names: &[String]) -> Result<Vec<Role>, ServiceError> {
    names
        .iter()
        .map(|n| n.parse::<Role>().map_err(|e| FieldErrors::one("roles", e.to_string())))
        .collect()
}

/// People.
#[derive(Default)]
pub struct UsersApi;

#[OpenApi(tag = "ApiTags::People")]
impl UsersApi {
    /// List people
    ///
    /// Staff see everyone; others see themselves and their children. `search` matches names
    /// (ё = е), e-mail and phone; `roles[]` and `tags[]` keep people with any of them;
    /// `trashed=with|only` shows deleted ones; `sort` is `last_name` (Russian order, the
    /// default), `created_at` or `email`, with `-` for descending; `page`, `per_page` (≤ 100).
    #[oai(path = "/api/users", method = "get", operation_id = "users_list")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        state: State<'_>,
        caller: Caller,
        directory: people::Directory,
        search: Query<Option<String>>,
        #[oai(name = "roles[]", default)] roles: Query<Vec<String>>,
        #[oai(name = "tags[]", default)] tags: Query<Vec<u64>>,
        trashed: Query<Option<String>>,
        sort: Query<Option<String>>,
        page: Query<Option<u32>>,
        per_page: Query<Option<u32>>,
    ) -> Result<JsonText<UserPage>, ApiError> {
        let actor = caller.actor(Rule::SignedIn)?;
        let query = UserQuery {
            search: search.0.filter(|s| !s.trim().is_empty()),
            roles: parse_roles(&roles.0)?,
            tags: tags.0.into_iter().map(TagId).collect(),
            trashed: with_or_only(trashed.0.as_deref()).map_err(|text| FieldErrors::one("trashed", text))?,
            sort: parse_sort(sort.0.as_deref())?,
            page: PageRequest::new(page.0, per_page.0),
        };
        let write = |found: &Page<people::Seen>| UserPage::text(found).into_text();
        let text = people::list_text(&state.people_texts, &directory, actor, &query, write);
        Ok(JsonText::kept(text))
    }

    /// A person's card
    ///
    /// The user with parent and children ids. Staff read anyone; a user reads himself and
    /// his children (`master-by-url`); others get 403.
    #[oai(path = "/api/users/:id", method = "get", operation_id = "users_show")]
    async fn show(
        &self,
        caller: Caller,
        directory: people::Directory,
        id: Path<UserId>,
    ) -> Result<JsonText<CardEnvelope>, ApiError> {
        let actor = caller.actor(Rule::SeeUser(id.0))?;
        let person = people::get(&directory, actor, id.0)?;
        Ok(CardEnvelope::text(&person))
    }

    /// Create a person
    ///
    /// Managers only. Needs e-mail (unique), last and first name and at least one role; the
    /// password is random, and with `send_password_link` the person gets a mail to set it.
    /// `parents` links the new person to parents in the same step (nothing is created when a
    /// link is refused).
    #[oai(path = "/api/users", method = "post", operation_id = "users_create")]
    async fn create(&self, state: State<'_>, caller: Caller, body: Json<PersonBody>) -> Result<Created, ApiError> {
        let actor = caller.actor(Rule::Manager)?.clone();
        let b = body.0;
        let user = people::create(
            &state,
            state.journal(caller.origin()),
            b.form(),
            b.roles.unwrap_or_default(),
            b.tags.unwrap_or_default(),
            b.parents.unwrap_or_default(),
        )
        .await?;
        if b.send_password_link.unwrap_or(false) {
            people::send_password_link(&state, state.journal(caller.origin()), user.id).await?;
        }
        let id = user.id;
        let person = people::get(&state.read(people::Directory::current)?, &actor, id)?;
        Ok(Created::Created(CardEnvelope::text(&person)))
    }

    /// Update a person
    ///
    /// Managers only. Saves names, e-mail, phone, birth date and notes (roles, family and tags
    /// have their own calls).
    #[oai(path = "/api/users/:id", method = "put", operation_id = "users_update")]
    async fn update(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
        body: Json<PersonBody>,
    ) -> Result<JsonText<CardEnvelope>, ApiError> {
        let actor = caller.actor(Rule::Manager)?.clone();
        let (form, tz) = (body.0.form(), state.config.school.timezone.clone());
        let journal = state.journal(caller.origin());
        let person = state
            .run(move |store| {
                people::update(store, &journal, &tz, id.0, form)?;
                people::get(&people::Directory::current(store)?, &actor, id.0)
            })
            .await?;
        Ok(CardEnvelope::text(&person))
    }

    /// Delete a person
    ///
    /// Managers only; soft: hidden from lists, signed out everywhere, restorable. A student is
    /// taken off his groups and future planned lessons in the same commit (a future individual
    /// lesson left with nobody is deleted, or cancelled when something is written on it); his
    /// past lessons, marks, family links and money stay. A restore does not put him back in his
    /// groups. Nobody can delete himself or the last manager (422).
    #[oai(path = "/api/users/:id", method = "delete", operation_id = "users_delete")]
    async fn delete(&self, state: State<'_>, caller: Caller, id: Path<UserId>) -> Result<NoContent, ApiError> {
        let actor = caller.actor(Rule::Manager)?.clone();
        let journal = state.journal(caller.origin());
        state
            .run(move |store| people::delete(store, &journal, &actor, id.0))
            .await?;
        Ok(NoContent::Done)
    }

    /// Restore a deleted person
    ///
    /// Managers only. A student is not put back in the groups and lessons he was taken off when
    /// deleted: a manager adds him again.
    #[oai(path = "/api/users/:id/restore", method = "post", operation_id = "users_restore")]
    async fn restore(
        &self,
        state: State<'_>,
        caller: Caller,
        id: Path<UserId>,
    ) -> Result<JsonText<CardEnvelope>, ApiError> {
        let actor = caller.actor(Rule::Manager)?.clone();
        let journal = state.journal(caller.origin());
        let person = state
            .run(move |store| {
                people::restore(store, &journal, id.0)?;
                people::get(&people::Directory::current(store)?, &actor, id.0)
            })
            .await?;
        Ok(CardEnvelope::text(&person))
    }
}
