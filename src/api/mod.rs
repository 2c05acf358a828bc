//! The HTTP API under `/api`: one thin `#[OpenApi]` impl per area, described by OpenAPI.

mod health;

use crate::startup::AppState;
use poem_openapi::{OpenApiService, Tags};

/// The areas of the API, as the docs group them.
#[derive(Tags)]
pub enum ApiTags {
    /// The portal itself: health and build.
    System,
}

/// Every area of the API, ready to be mounted at `/api`.
pub fn service() -> OpenApiService<health::HealthApi, ()> {
    OpenApiService::new(health::HealthApi, "Klass API", crate::VERSION)
        .description("API портала Klass: школа или учебный центр в одном файле.")
        .server("/api")
}

/// The OpenAPI document, as `klass openapi` prints it and `/api/openapi.json` serves it.
pub fn openapi_json() -> String {
    service().spec()
}

/// Shared state every operation may ask for with `Data<&AppState>`.
pub type State<'a> = poem::web::Data<&'a AppState>;
