//! The import rules of the crate and of the UI, checked by reading the sources: a file that
//! breaks one fails this test with its path and line.
//!
//! Rust (each file belongs to the top module under `src/` it lives in):
//! - `api` never imports `store`, `mail` or `backup` (it asks a service);
//! - `domain` imports nothing else of the crate, and `policy` only `domain`; neither names the
//!   web framework (`poem`, `poem_openapi`): the API mirrors what it shows;
//! - `store` and `backup` (the copies of the database, beside the store) import no `service`,
//!   `api` or `mail`;
//! - `service` imports neither `api` nor `error` (a service error becomes an HTTP answer in
//!   `error.rs`, which knows the service, not the other way round).
//!
//! UI: no file in `ui/src/features/X` imports from `ui/src/features/Y`.
//!
//! A path is read wherever it is written: `use crate::a::b`, `use crate::{a, b::c}` over several
//! lines, `crate::a::f()` in an expression, and `super::…` climbing out of the top module.

use std::path::{Path, PathBuf};

/// One import that breaks a rule.
#[derive(Debug, PartialEq)]
struct Violation {
    file: String,
    line: usize,
    rule: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.rule)
    }
}

/// What a top module may import of the crate: anything but these, or only these.
enum Rule {
    Never(&'static [&'static str]),
    Only(&'static [&'static str]),
}

/// The Rust rules, by importing top module.
fn rust_rule(module: &str) -> Option<Rule> {
    match module {
        "api" => Some(Rule::Never(&["store", "mail", "backup"])),
        "domain" => Some(Rule::Only(&["domain"])),
        "policy" => Some(Rule::Only(&["domain", "policy"])),
        "store" | "backup" => Some(Rule::Never(&["service", "api", "mail"])),
        "service" => Some(Rule::Never(&["api", "error"])),
        _ => None,
    }
}

/// The outside crates a top module must not name.
fn banned_crates(module: &str) -> &'static [&'static str] {
    match module {
        "domain" | "policy" => &["poem", "poem_openapi"],
        _ => &[],
    }
}

/// Breaks of the Rust rules in one file's text. `module` is the file's module path under the
/// crate (`["api", "users"]` for `src/api/users.rs`, `["store"]` for `src/store/mod.rs`).
fn rust_violations(file: &str, module: &[String], text: &str) -> Vec<Violation> {
    let Some(rule) = module.first().and_then(|top| rust_rule(top)) else {
        return Vec::new();
    };
    let top = &module[0];
    let code = strip_comments(text);
    let mut found = Vec::new();
    for (name, offset) in named_crates(&code, banned_crates(top)) {
        found.push(Violation {
            file: file.to_owned(),
            line: code[..offset].matches('\n').count() + 1,
            rule: format!("`{top}` must not name the crate `{name}`"),
        });
    }
    for (target, offset) in imported_top_modules(&code, module.len()) {
        let broken = match rule {
            Rule::Never(banned) => banned.contains(&target.as_str()),
            Rule::Only(allowed) => !allowed.contains(&target.as_str()),
        };
        if broken && &target != top {
            let line = code[..offset].matches('\n').count() + 1;
            let what = match rule {
                Rule::Never(_) => format!("`{top}` must not import `{target}`"),
                Rule::Only(allowed) => {
                    format!(
                        "`{top}` may import only {} of the crate, not `{target}`",
                        allowed.join(", ")
                    )
                }
            };
            found.push(Violation {
                file: file.to_owned(),
                line,
                rule: what,
            });
        }
    }
    found
}

/// The text with `//` and `/* */` comments blanked (newlines kept, so offsets keep their line).
/// String literals are kept as they are: a path inside one is rare enough to be worth a look.
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('/', Some('/')) => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                    out.push(' ');
                }
            }
            ('/', Some('*')) => {
                let mut last = ' ';
                for c in chars.by_ref() {
                    out.push(if c == '\n' { '\n' } else { ' ' });
                    if last == '*' && c == '/' {
                        break;
                    }
                    last = c;
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// Every top module of the crate named by a path in `code`, with the byte offset of the name.
/// `depth` is how deep the file's module is (for `super::`).
fn imported_top_modules(code: &str, depth: usize) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let mut at = 0;
    while at < code.len() {
        let rest = &code[at..];
        let Some(start) = rest.find(['c', 's']).map(|i| at + i) else {
            break;
        };
        let preceded_by_ident = start > 0
            && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_' || bytes[start - 1] == b':');
        if preceded_by_ident {
            at = start + 1;
            continue;
        }
        let mut cursor = start;
        let climbs_out = if code[cursor..].starts_with("crate::") {
            cursor += "crate::".len();
            true
        } else {
            let mut supers = 0;
            while code[cursor..].starts_with("super::") {
                supers += 1;
                cursor += "super::".len();
            }
            supers > 0 && supers >= depth
        };
        if cursor == start {
            at = start + 1;
            continue;
        }
        if climbs_out {
            for (name, offset) in path_heads(code, cursor) {
                found.push((name, offset));
            }
        }
        at = cursor.max(start + 1);
    }
    found
}

/// Each path in `code` that starts with one of the crates `names` (`poem_openapi::Enum`,
/// `use poem::{…}`), with its byte offset.
fn named_crates(code: &str, names: &[&str]) -> Vec<(String, usize)> {
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    for name in names {
        let path = format!("{name}::");
        for (offset, _) in code.match_indices(&path) {
            let preceded_by_ident =
                offset > 0 && (bytes[offset - 1].is_ascii_alphanumeric() || matches!(bytes[offset - 1], b'_' | b':'));
            if !preceded_by_ident {
                found.push(((*name).to_owned(), offset));
            }
        }
    }
    found.sort_by_key(|(_, offset)| *offset);
    found
}

/// The first segment of the path(s) starting at `at`: one name, or each item of a `{…}` group.
fn path_heads(code: &str, at: usize) -> Vec<(String, usize)> {
    let rest = &code[at..];
    if rest.starts_with('{') {
        let mut heads = Vec::new();
        let mut depth = 0;
        let mut item_start = true;
        for (i, c) in rest.char_indices() {
            match c {
                '{' => {
                    depth += 1;
                    item_start = depth == 1;
                }
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                ',' if depth == 1 => item_start = true,
                c if item_start && depth == 1 && (c.is_alphabetic() || c == '_') => {
                    let name = ident(&rest[i..]);
                    heads.push((name.to_owned(), at + i));
                    item_start = false;
                }
                c if c.is_whitespace() => {}
                _ => item_start = false,
            }
        }
        heads
    } else {
        let name = ident(rest);
        if name.is_empty() {
            Vec::new()
        } else {
            vec![(name.to_owned(), at)]
        }
    }
}

fn ident(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The UI rule in one file's text: `file` is its path relative to `ui/src`.
fn ui_violations(file: &str, text: &str) -> Vec<Violation> {
    let Some(feature) = feature_of(Path::new(file)) else {
        return Vec::new();
    };
    let dir = Path::new(file).parent().unwrap_or(Path::new(""));
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        for spec in import_specifiers(line) {
            if !spec.starts_with('.') {
                continue;
            }
            let target = normalize(&dir.join(spec));
            if let Some(other) = feature_of(&target)
                && other != feature
            {
                found.push(Violation {
                    file: format!("ui/src/{file}"),
                    line: number + 1,
                    rule: format!("feature `{feature}` must not import from feature `{other}` ({spec})"),
                });
            }
        }
    }
    found
}

/// The module specifiers an import or re-export on this line names: `… from 'x'`,
/// `import 'x'`, `import('x')`. A multi-line import ends on the line with its `from`.
fn import_specifiers(line: &str) -> Vec<&str> {
    let mut specs = Vec::new();
    for marker in ["from ", "import ", "import("] {
        let mut rest = line;
        while let Some(i) = rest.find(marker) {
            let after = rest[i + marker.len()..].trim_start();
            if let Some(quote) = after.chars().next().filter(|c| matches!(c, '\'' | '"' | '`'))
                && let Some(end) = after[1..].find(quote)
            {
                specs.push(&after[1..1 + end]);
            }
            rest = &rest[i + marker.len()..];
        }
    }
    specs
}

/// `features/X/…` -> `X`.
fn feature_of(path: &Path) -> Option<String> {
    let mut parts = path.components().map(|c| c.as_os_str().to_string_lossy().into_owned());
    (parts.next()? == "features").then(|| parts.next()).flatten()
}

/// Resolves `.` and `..` without touching the disk.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Every file under `dir` whose name ends with one of `extensions`, sorted.
fn files(dir: &Path, extensions: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if extensions.iter().any(|ext| path.to_string_lossy().ends_with(ext)) {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// `src/api/users.rs` -> `["api", "users"]`; `src/store/mod.rs` -> `["store"]`.
fn module_path(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|last| last == "mod") {
        parts.pop();
    }
    parts
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn report(violations: &[Violation]) -> String {
    violations.iter().map(|v| format!("  {v}\n")).collect()
}

#[test]
fn rust_modules_import_only_along_the_layers() {
    let src = root().join("src");
    let mut violations = Vec::new();
    for path in files(&src, &[".rs"]) {
        let relative = path.strip_prefix(&src).expect("under src");
        let text = std::fs::read_to_string(&path).expect("readable source");
        let file = format!("src/{}", relative.display());
        violations.extend(rust_violations(&file, &module_path(relative), &text));
    }
    assert!(
        violations.is_empty(),
        "imports against the layering (see CONTRIBUTING.md «Layers»):\n{}",
        report(&violations)
    );
}

#[test]
fn ui_features_do_not_import_each_other() {
    let src = root().join("ui/src");
    let mut violations = Vec::new();
    let features = files(&src.join("features"), &[".ts", ".tsx"]);
    assert!(!features.is_empty(), "no UI features found under {}", src.display());
    for path in features {
        let relative = path.strip_prefix(&src).expect("under ui/src");
        let text = std::fs::read_to_string(&path).expect("readable source");
        violations.extend(ui_violations(&relative.to_string_lossy(), &text));
    }
    assert!(
        violations.is_empty(),
        "a feature imports another feature (move the shared part to lib/ or components/):\n{}",
        report(&violations)
    );
}

// The checker itself: each way of writing an import is seen, and named by file and line.

fn module(path: &str) -> Vec<String> {
    module_path(Path::new(path))
}

#[test]
fn a_store_path_in_api_is_named_whichever_way_it_is_written() {
    let text = "//! An area.\n\
                use crate::service::people;\n\
                use crate::store::Store;\n\
                use crate::{\n    domain::User,\n    store::directory::Entry,\n};\n\
                fn f() { crate::store::users::get(); }\n\
                // crate::store::in_a_comment\n";
    let found = rust_violations("src/api/x.rs", &module("api/x.rs"), text);
    let lines: Vec<usize> = found.iter().map(|v| v.line).collect();
    assert_eq!(lines, vec![3, 6, 8], "{found:?}");
    assert_eq!(found[0].to_string(), "src/api/x.rs:3: `api` must not import `store`");
}

#[test]
fn the_backups_are_reached_through_a_service_and_reach_no_service() {
    let api = "use crate::service::backup_copies;\n\
               use crate::backup::{self, Listed};\n\
               fn f() { crate::backup::list(dir); }\n";
    let found = rust_violations("src/api/backups.rs", &module("api/backups.rs"), api);
    assert_eq!(
        found.iter().map(|v| v.line).collect::<Vec<_>>(),
        vec![2, 3],
        "{found:?}"
    );
    assert_eq!(
        found[0].to_string(),
        "src/api/backups.rs:2: `api` must not import `backup`"
    );
    let service = "use crate::backup::{self, BackupError};\n";
    assert!(
        rust_violations(
            "src/service/backup_copies.rs",
            &module("service/backup_copies.rs"),
            service
        )
        .is_empty()
    );
    let backup = "use crate::store::Store;\nuse crate::service::AppState;\n";
    let found = rust_violations("src/backup/runner.rs", &module("backup/runner.rs"), backup);
    assert_eq!(found.iter().map(|v| v.line).collect::<Vec<_>>(), vec![2], "{found:?}");
}

#[test]
fn super_that_climbs_out_of_the_top_module_counts() {
    let text = "use super::record;\nuse super::super::mail::Outbox;\n";
    let found = rust_violations("src/store/files.rs", &module("store/files.rs"), text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].line, 2);
}

#[test]
fn domain_and_policy_import_only_domain() {
    let domain = "use crate::domain::Email;\nuse super::id::UserId;\nuse crate::store::X;\n";
    let found = rust_violations("src/domain/user.rs", &module("domain/user.rs"), domain);
    assert_eq!(found.iter().map(|v| v.line).collect::<Vec<_>>(), vec![3]);
    let policy = "use crate::domain::User;\nuse crate::auth::Session;\n";
    let found = rust_violations("src/policy.rs", &module("policy.rs"), policy);
    assert_eq!(found.iter().map(|v| v.line).collect::<Vec<_>>(), vec![2]);
}

#[test]
fn the_domain_does_not_name_the_web_framework() {
    let text = "use serde::Serialize;\n\
                #[derive(Clone, poem_openapi::Enum)]\n\
                pub enum Kind { A }\n\
                use poem::web::Json;\n\
                // poem_openapi::Object in a comment\n\
                fn f() -> my_poem::X { todo!() }\n";
    let found = rust_violations("src/domain/kind.rs", &module("domain/kind.rs"), text);
    assert_eq!(
        found.iter().map(|v| v.line).collect::<Vec<_>>(),
        vec![2, 4],
        "{found:?}"
    );
    assert_eq!(
        found[0].to_string(),
        "src/domain/kind.rs:2: `domain` must not name the crate `poem_openapi`"
    );
    let api = "#[derive(poem_openapi::Enum)]\npub enum KindName { A }\n";
    assert!(rust_violations("src/api/x.rs", &module("api/x.rs"), api).is_empty());
}

#[test]
fn a_feature_importing_another_is_named() {
    let text = "import { ListResults } from '../../components/ListResults';\n\
                import { useTags } from './tags';\n\
                import {\n  TagBadge,\n} from '../tags/TagBadge';\n\
                const Lazy = lazy(() => import('../people/UsersPage'));\n";
    let found = ui_violations("features/files/FilesPage.tsx", text);
    assert_eq!(
        found.iter().map(|v| v.line).collect::<Vec<_>>(),
        vec![5, 6],
        "{found:?}"
    );
    assert_eq!(
        found[0].to_string(),
        "ui/src/features/files/FilesPage.tsx:5: feature `files` must not import from feature `tags` (../tags/TagBadge)"
    );
    assert!(ui_violations("features/tags/TagsPage.tsx", "import { x } from './tags';\n").is_empty());
}
