//! A `multipart/form-data` body that an operation reads only after checking its caller, so a
//! stranger gets 401/403 and the server never parses his upload. Each form names its shape
//! for the API description; reading the fields is the form's own business.

use crate::error::ApiError;
use crate::service::FieldErrors;
use poem::web::Multipart;
use poem::{Body, FromRequest, Request, RequestBody};
use poem_openapi::registry::{MetaMediaType, MetaRequest, MetaSchema, MetaSchemaRef};
use poem_openapi::{ApiExtractor, ApiExtractorType, ExtractParamOptions};
use std::marker::PhantomData;

/// What a form looks like in the API description.
pub trait FormShape {
    /// A line on the form's fields.
    const DESCRIPTION: &'static str;
    /// (field, schema) pairs, and which fields are required.
    fn fields() -> (Vec<(&'static str, MetaSchemaRef)>, Vec<&'static str>);
}

/// The schema of a file field.
pub fn file_field() -> MetaSchemaRef {
    MetaSchemaRef::Inline(Box::new(MetaSchema::new_with_format("string", "binary")))
}

/// A form body of shape `S`, not yet read.
pub struct DeferredForm<'a, S> {
    request: &'a Request,
    body: Option<Body>,
    shape: PhantomData<fn() -> S>,
}

impl<'a, S: FormShape> ApiExtractor<'a> for DeferredForm<'a, S> {
    const TYPES: &'static [ApiExtractorType] = &[ApiExtractorType::RequestObject];

    type ParamType = ();
    type ParamRawType = ();

    fn request_meta() -> Option<MetaRequest> {
        let (properties, required) = S::fields();
        let form = MetaSchema {
            required,
            properties,
            ..MetaSchema::new("object")
        };
        Some(MetaRequest {
            description: Some(S::DESCRIPTION),
            content: vec![MetaMediaType {
                content_type: "multipart/form-data",
                schema: MetaSchemaRef::Inline(Box::new(form)),
            }],
            required: true,
        })
    }

    async fn from_request(
        request: &'a Request,
        body: &mut RequestBody,
        _param_opts: ExtractParamOptions<Self::ParamType>,
    ) -> poem::Result<Self> {
        Ok(Self {
            request,
            body: body.take().ok(),
            shape: PhantomData,
        })
    }
}

impl<S> DeferredForm<'_, S> {
    /// Starts reading the form; `not_a_form` is the message when the body is not multipart.
    pub async fn fields(self, field: &str, not_a_form: &str) -> Result<Multipart, ApiError> {
        let mut body = RequestBody::new(self.body.unwrap_or_default());
        <Multipart as FromRequest>::from_request(self.request, &mut body)
            .await
            .map_err(|_| invalid(field, not_a_form))
    }
}

/// A 422 on one field of a form.
pub fn invalid(field: &str, message: &str) -> ApiError {
    FieldErrors::one(field, message).into()
}
