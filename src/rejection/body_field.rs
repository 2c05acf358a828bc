//! Which field of a JSON body a refusal of poem-openapi is about. Its message names the type it
//! expected and the types it was parsing ("Expected input type \"PaymentMethodName\", found
//! \"bitcoin\". (occurred while parsing \"optional_PaymentMethodName\") (occurred while parsing
//! \"PaymentBody\")") but not the field: the field is the one property of that object whose
//! schema is of the expected type, when exactly one is.

use poem_openapi::registry::{MetaSchema, MetaSchemaRef, Registry};
use std::collections::BTreeMap;

/// How poem-openapi's messages name the expected type: "Expected input type \"T\", found …"
/// or "failed to parse \"T\": …".
const EXPECTED: [&str; 2] = ["Expected input type \"", "failed to parse \""];
const WHILE: &str = "(occurred while parsing \"";
/// How `crate::api::items::Items` wraps the refusal of one of its items:
/// «failed to parse "list_T": item 2 of 〔…〕».
const ITEM: &str = "\": item ";
const ITEM_OPEN: &str = " of 〔";
const ITEM_CLOSE: &str = "〕";

/// The schemas of the API's bodies, by name.
pub struct Schemas(BTreeMap<String, MetaSchema>);

impl Schemas {
    /// The schemas `registry` holds.
    pub fn from_registry(registry: Registry) -> Self {
        Self(registry.schemas)
    }

    /// The field `reason` is about, and the values its type allows (an enumeration's), if the
    /// object it names has exactly one field of the expected type (of a value that is missing:
    /// exactly one required field of that type, as only a required one can be missing).
    pub fn field_of(&self, reason: &str) -> Option<(&'static str, Vec<String>)> {
        let expected = EXPECTED
            .iter()
            .find_map(|prefix| quoted_after(reason, prefix))
            .map(same_spelling)?;
        // The property's own type: the outermost list around the expected type, if any (an
        // option is the same property as its content).
        let mut property = expected.clone();
        let mut rest = reason;
        let object = loop {
            let at = rest.find(WHILE)?;
            rest = &rest[at + WHILE.len()..];
            let (name, tail) = rest.split_once('"')?;
            rest = tail;
            if name.starts_with("list_") {
                property = same_spelling(name);
            } else if !name.starts_with("optional_") {
                break name;
            }
        };
        let fits = |schema: &MetaSchemaRef| same_spelling(&self.name_of(schema)) == property;
        let object = self.0.get(object)?;
        let missing = reason.contains(", found null.");
        let mut fields = object
            .properties
            .iter()
            .filter(|(name, schema)| fits(schema) && (!missing || object.required.contains(name)));
        let (field, _) = fields.next()?;
        if fields.next().is_some() {
            return None;
        }
        let allowed = self.0.get(&expected).map(|s| {
            s.enum_items
                .iter()
                .map(|v| v.as_str().unwrap_or_default().to_owned())
                .collect()
        });
        Some((field, allowed.unwrap_or_default()))
    }

    /// The path of the field `reason` is about through the lists it is an item of
    /// («marks[2].kind»), with the values its type allows, and the refusal of that value
    /// itself (`reason` when it is not in an item of a list).
    pub fn path_of<'a>(&self, reason: &'a str) -> (Option<(String, Vec<String>)>, &'a str) {
        let Some((item, inner)) = self.item_of(reason) else {
            return (
                self.field_of(reason)
                    .map(|(field, allowed)| (field.to_owned(), allowed)),
                reason,
            );
        };
        let (field, innermost) = self.path_of(inner);
        let path = match field {
            Some((field, allowed)) => (format!("{item}.{field}"), allowed),
            None => (item, Vec::new()),
        };
        (Some(path), innermost)
    }

    /// The item of a list `reason` refuses («marks[2]») and the item's own refusal, when it is
    /// one of `Items`.
    fn item_of<'a>(&self, reason: &'a str) -> Option<(String, &'a str)> {
        let (list, rest) = reason.split_once(ITEM)?;
        let (index, rest) = rest.split_once(ITEM_OPEN)?;
        let index: usize = index.parse().ok()?;
        // The item's refusal may quote anything sent; what follows it names types only.
        let (inner, outer) = rest.rsplit_once(ITEM_CLOSE)?;
        let (field, _) = self.field_of(&format!("{list}\": {outer}"))?;
        Some((format!("{field}[{index}]"), inner))
    }

    /// poem-openapi's name of the type of a property's schema: a component's name, or
    /// `integer(int64)`, `string`, `boolean`, `list_…` …
    fn name_of(&self, schema: &MetaSchemaRef) -> String {
        match schema {
            MetaSchemaRef::Reference(name) => name.clone(),
            MetaSchemaRef::Inline(inline) => match (inline.all_of.first(), inline.items.as_deref(), inline.format) {
                (Some(inner), _, _) => self.name_of(inner),
                (None, Some(items), _) => format!("list_{}", self.name_of(items)),
                (None, None, Some(format)) => format!("{}({format})", inline.ty),
                (None, None, None) => inline.ty.to_owned(),
            },
        }
    }
}

/// The text that was sent where `reason` says it expected something else, when it was a
/// string.
pub fn found_text(reason: &str) -> Option<&str> {
    quoted_after(reason, ", found \"")
}

/// A type's name as one spelling: poem-openapi writes `integer(int64)` in some messages and
/// `integer_int64` in others.
fn same_spelling(name: &str) -> String {
    name.replace('(', "_").replace(')', "")
}

/// The text between `prefix` and the next quote.
fn quoted_after<'a>(reason: &'a str, prefix: &str) -> Option<&'a str> {
    let start = reason.find(prefix)? + prefix.len();
    reason[start..].split_once('"').map(|(name, _)| name)
}

#[cfg(test)]
mod tests;
