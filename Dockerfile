# syntax=docker/dockerfile:1
# Klass in a container: the UI (node) -> the binary with the UI embedded (cargo) -> a small
# runtime image with only the binary. The data (one file, klass.redb) lives in the /data volume.
#
#   docker build -t klass .
#   docker run -d --name klass -p 8080:8080 -v klass-data:/data klass            # empty school
#   docker run -d --name klass -p 8080:8080 -v klass-data:/data klass serve --demo
#   docker exec klass klass user create --email director@school.ru --role manager
#
# Settings: KLASS_<SECTION>__<KEY> variables (docker run -e KLASS_SCHOOL__NAME=...), or a file:
# -v ./klass.toml:/etc/klass.toml:ro -e KLASS_CONFIG=/etc/klass.toml.

# ---- 1. The UI: ui/dist ------------------------------------------------------------------------
FROM node:20-bookworm AS ui
WORKDIR /src/ui
# Dependencies first, so a change of the UI's code does not reinstall them.
COPY ui/package.json ui/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY ui/ ./
RUN npm run build

# ---- 2. The binary ----------------------------------------------------------------------------
FROM rust:1-bookworm AS build
WORKDIR /src
# Compile the dependencies alone first (a stub lib and main), so that a change of Klass's own
# code reuses this layer instead of rebuilding ~300 crates.
COPY Cargo.toml Cargo.lock ./
RUN mkdir -p src \
    && echo 'fn main() {}' > src/main.rs \
    && touch src/lib.rs \
    && cargo build --release --locked --bin klass \
    && rm -rf src
# The real sources. rust-embed's #[folder = "ui/dist"] is relative to the crate root (/src),
# so the UI built above goes to /src/ui/dist and is compiled into the binary.
COPY config.example.toml ./
COPY assets/ assets/
COPY src/ src/
COPY --from=ui /src/ui/dist/ ui/dist/
# The stub's build left fresher outputs than the copied sources: touch the roots so cargo
# rebuilds the crate itself (dependencies stay cached).
RUN touch src/lib.rs src/main.rs \
    && cargo build --release --locked --bin klass \
    && cp target/release/klass /usr/local/bin/klass \
    && /usr/local/bin/klass --version

# ---- 3. The runtime image ---------------------------------------------------------------------
FROM debian:bookworm-slim AS runtime
# ca-certificates: for the school's mail server and Moodle over TLS. Not pinned: it should
# follow Debian's security updates.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 klass \
    && useradd --system --uid 10001 --gid klass --home-dir /data --no-create-home \
        --shell /usr/sbin/nologin klass \
    && mkdir -p /data \
    && chown klass:klass /data
COPY --from=build /usr/local/bin/klass /usr/local/bin/klass
ENV KLASS_DATA_DIR=/data \
    KLASS_SERVER__LISTEN=0.0.0.0:8080
# Numeric, so Kubernetes' runAsNonRoot can check it.
USER 10001:10001
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["klass", "healthcheck"]
# SIGTERM (docker stop) makes klass finish requests in flight and close the database cleanly.
STOPSIGNAL SIGTERM
ENTRYPOINT ["klass"]
CMD ["serve"]
