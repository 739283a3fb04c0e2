//! The model's modules import one way (issue 16, item 4). Reads every `.rs` file under `model/src` (the
//! planner in `src/bin` is the top layer and is not read), collects the `crate::` paths of each top-level
//! module (a folder module counts as one; `super::` that climbs to the crate root counts as `crate::`),
//! resolves names the crate root re-exports (`crate::Scenario` counts as the module that defines it) and
//! fails on any cycle between top-level modules, printing it with the lines that make it. Comments, doc
//! comments and string literals are skipped, and so are `#[cfg(test)]` items (a module's unit tests may
//! reach above it, as the integration tests do).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Ident(String),
    PathSep,
    Open(char),
    Close(char),
    Punct(char),
}

#[derive(Debug, Clone)]
struct Token {
    tok: Tok,
    line: usize,
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Rust tokens as far as paths need them: comments, strings, characters and lifetimes are dropped.
fn lex(src: &str) -> Vec<Token> {
    let c: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            loop {
                if i >= c.len() {
                    break;
                }
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    if c[i] == '\n' {
                        line += 1;
                    }
                    i += 1;
                }
            }
        } else if ch == '"' {
            i = skip_string(&c, i, &mut line);
        } else if ch == '\'' {
            if at(i + 1) == '\\' {
                // An escaped character literal.
                i += 2;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                // A lifetime or label.
                i += 1;
                while i < c.len() && is_ident_char(c[i]) {
                    i += 1;
                }
            }
        } else if is_ident_start(ch) {
            let start = i;
            while i < c.len() && is_ident_char(c[i]) {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            let raw = matches!(word.as_str(), "r" | "br" | "cr");
            if raw && (at(i) == '"' || at(i) == '#') {
                let mut hashes = 0;
                while at(i + hashes) == '#' {
                    hashes += 1;
                }
                if at(i + hashes) == '"' {
                    i += hashes + 1;
                    loop {
                        if i >= c.len() {
                            break;
                        }
                        if c[i] == '"' && (0..hashes).all(|k| at(i + 1 + k) == '#') {
                            i += 1 + hashes;
                            break;
                        }
                        if c[i] == '\n' {
                            line += 1;
                        }
                        i += 1;
                    }
                    continue;
                }
                if hashes == 1 && word == "r" && is_ident_start(at(i + 1)) {
                    // A raw identifier.
                    i += 1;
                    let start = i;
                    while i < c.len() && is_ident_char(c[i]) {
                        i += 1;
                    }
                    out.push(Token { tok: Tok::Ident(c[start..i].iter().collect()), line });
                    continue;
                }
            }
            if matches!(word.as_str(), "b" | "c") && at(i) == '"' {
                i = skip_string(&c, i, &mut line);
                continue;
            }
            if word == "b" && at(i) == '\'' {
                i += 1;
                if at(i) == '\\' {
                    i += 1;
                }
                i += 1;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
                continue;
            }
            out.push(Token { tok: Tok::Ident(word), line });
        } else if ch.is_ascii_digit() {
            while i < c.len() && (is_ident_char(c[i])) {
                i += 1;
            }
        } else if ch == ':' && at(i + 1) == ':' {
            out.push(Token { tok: Tok::PathSep, line });
            i += 2;
        } else if matches!(ch, '{' | '[' | '(') {
            out.push(Token { tok: Tok::Open(ch), line });
            i += 1;
        } else if matches!(ch, '}' | ']' | ')') {
            out.push(Token { tok: Tok::Close(ch), line });
            i += 1;
        } else {
            out.push(Token { tok: Tok::Punct(ch), line });
            i += 1;
        }
    }
    out
}

/// Skips a string literal that opens at `c[i]`, returning the index after it.
fn skip_string(c: &[char], mut i: usize, line: &mut usize) -> usize {
    i += 1;
    while i < c.len() && c[i] != '"' {
        if c[i] == '\\' {
            i += 1;
        }
        if c.get(i) == Some(&'\n') {
            *line += 1;
        }
        i += 1;
    }
    i + 1
}

fn ident(tokens: &[Token], i: usize) -> Option<&str> {
    match tokens.get(i).map(|t| &t.tok) {
        Some(Tok::Ident(s)) => Some(s),
        _ => None,
    }
}

fn is(tokens: &[Token], i: usize, tok: &Tok) -> bool {
    tokens.get(i).map(|t| &t.tok) == Some(tok)
}

/// The index after the bracket that closes the one opening at `tokens[i]`.
fn after_group(tokens: &[Token], mut i: usize) -> usize {
    let mut depth = 0;
    while i < tokens.len() {
        match tokens[i].tok {
            Tok::Open(_) => depth += 1,
            Tok::Close(_) => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    i
}

/// The index after the item that starts at `tokens[i]`: its `;`, or its closing brace.
fn after_item(tokens: &[Token], mut i: usize) -> usize {
    while i < tokens.len() {
        match tokens[i].tok {
            Tok::Punct(';') => return i + 1,
            Tok::Open('{') => return after_group(tokens, i),
            Tok::Open(_) => i = after_group(tokens, i),
            _ => i += 1,
        }
    }
    i
}

/// The first name of each path a path's tail at `tokens[i]` names: `evaluate` for `evaluate::Chain`,
/// `evaluate` and `StageId` for `{evaluate, StageId}`.
fn heads(tokens: &[Token], i: usize) -> Vec<String> {
    if let Some(name) = ident(tokens, i) {
        return vec![name.to_string()];
    }
    let mut out = Vec::new();
    if is(tokens, i, &Tok::Open('{')) {
        let end = after_group(tokens, i) - 1;
        let (mut j, mut depth, mut first) = (i + 1, 0, true);
        while j < end {
            match &tokens[j].tok {
                Tok::Open(_) => depth += 1,
                Tok::Close(_) => depth -= 1,
                Tok::Punct(',') if depth == 0 => first = true,
                Tok::Ident(name) if depth == 0 && first => {
                    out.push(name.clone());
                    first = false;
                }
                _ => {}
            }
            j += 1;
        }
    }
    out
}

/// Every name a `use` tree brings in, with the first segment of its path: `scenario` and `Scenario`,
/// `Target` for `scenario::{Scenario, Target}`.
fn use_tree(tokens: &[Token], i: usize) -> (Option<String>, Vec<String>) {
    let end = after_item(tokens, i);
    let mut j = i;
    if ident(tokens, j) == Some("crate") || ident(tokens, j) == Some("self") {
        j += 2;
    }
    let module = ident(tokens, j).map(str::to_string);
    let names = tokens[j..end]
        .iter()
        .filter_map(|t| match &t.tok {
            Tok::Ident(s) if s != "as" && s != "self" => Some(s.clone()),
            _ => None,
        })
        .collect();
    (module, names)
}

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rs_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A `crate::` reference of one module to another: where it is.
type Edges = BTreeMap<String, BTreeMap<String, Vec<String>>>;

/// The top-level modules, what each imports from which (with where), and names that did not resolve.
fn graph() -> (BTreeSet<String>, Edges, Vec<String>) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = lex(&fs::read_to_string(src.join("lib.rs")).unwrap());
    let (mut modules, mut exported, mut own) = (BTreeSet::new(), BTreeMap::new(), BTreeSet::new());
    let mut i = 0;
    while i < lib.len() {
        match ident(&lib, i) {
            Some("mod") if is(&lib, i + 2, &Tok::Punct(';')) => {
                modules.insert(ident(&lib, i + 1).unwrap().to_string());
                i += 3;
            }
            Some("use") => {
                let (module, names) = use_tree(&lib, i + 1);
                for name in names {
                    exported.insert(name, module.clone().unwrap());
                }
                i = after_item(&lib, i);
            }
            Some("fn" | "struct" | "enum" | "const" | "static" | "type" | "trait" | "macro_rules") => {
                if let Some(name) = ident(&lib, i + 1) {
                    own.insert(name.to_string());
                }
                i += 1;
            }
            _ => i += 1,
        }
    }

    let mut files = Vec::new();
    rs_files(&src, &mut files);
    files.sort();
    let (mut edges, mut unresolved) = (Edges::new(), Vec::new());
    for file in files {
        let rel = file.strip_prefix(&src).unwrap();
        let parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
        if parts[0] == "lib.rs" || parts[0] == "bin" {
            continue;
        }
        let top = parts[0].trim_end_matches(".rs").to_string();
        assert!(modules.contains(&top), "{} is not a module lib.rs declares", rel.display());
        // How many `super::` climb from this file to the crate root.
        let file_depth = if parts.last().unwrap() == "mod.rs" { parts.len() - 1 } else { parts.len() };
        let tokens = lex(&fs::read_to_string(&file).unwrap());
        let mut inline: Vec<usize> = Vec::new(); // brace depth at which each inline `mod x {` opened
        let (mut depth, mut i) = (0usize, 0usize);
        while i < tokens.len() {
            match &tokens[i].tok {
                Tok::Punct('#') => {
                    let open = if is(&tokens, i + 1, &Tok::Punct('!')) { i + 2 } else { i + 1 };
                    if !is(&tokens, open, &Tok::Open('[')) {
                        i += 1;
                        continue;
                    }
                    let end = after_group(&tokens, open);
                    let attr = &tokens[open + 1..end - 1];
                    let names: Vec<&str> = (0..attr.len()).filter_map(|k| ident(attr, k)).collect();
                    let test_only = names.first() == Some(&"cfg") && names.contains(&"test") && !names.contains(&"not");
                    i = end;
                    if test_only {
                        // Skip any further attributes, then the item.
                        while is(&tokens, i, &Tok::Punct('#')) {
                            i = after_group(&tokens, i + 1);
                        }
                        i = after_item(&tokens, i);
                    }
                    continue;
                }
                Tok::Ident(w)
                    if w == "mod" && ident(&tokens, i + 1).is_some() && is(&tokens, i + 2, &Tok::Open('{')) =>
                {
                    inline.push(depth);
                    depth += 1;
                    i += 3;
                    continue;
                }
                Tok::Open('{') => depth += 1,
                Tok::Close('}') => {
                    depth -= 1;
                    if inline.last() == Some(&depth) {
                        inline.pop();
                    }
                }
                Tok::Ident(w) if (w == "crate" || w == "super") && is(&tokens, i + 1, &Tok::PathSep) => {
                    if i > 0 && is(&tokens, i - 1, &Tok::PathSep) {
                        i += 1;
                        continue;
                    }
                    let mut j = i;
                    let rooted = if w == "crate" {
                        j += 2;
                        true
                    } else {
                        let mut climbs = 0;
                        while ident(&tokens, j) == Some("super") && is(&tokens, j + 1, &Tok::PathSep) {
                            climbs += 1;
                            j += 2;
                        }
                        climbs == file_depth + inline.len()
                    };
                    if rooted {
                        for head in heads(&tokens, j) {
                            let target = if modules.contains(&head) {
                                head
                            } else if let Some(module) = exported.get(&head) {
                                module.clone()
                            } else {
                                if !own.contains(&head) {
                                    unresolved.push(format!("crate::{head} in {}:{}", rel.display(), tokens[i].line));
                                }
                                continue;
                            };
                            if target != top {
                                let place = format!("{}:{}", rel.display(), tokens[i].line);
                                edges.entry(top.clone()).or_default().entry(target).or_default().push(place);
                            }
                        }
                    }
                    i = j;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    }
    (modules, edges, unresolved)
}

/// Strongly connected components with more than one module (Tarjan).
fn cycles(modules: &BTreeSet<String>, edges: &Edges) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a Edges,
        index: BTreeMap<String, usize>,
        low: BTreeMap<String, usize>,
        stack: Vec<String>,
        on_stack: BTreeSet<String>,
        out: Vec<Vec<String>>,
    }
    fn visit(s: &mut State, v: &str) {
        let n = s.index.len();
        s.index.insert(v.to_string(), n);
        s.low.insert(v.to_string(), n);
        s.stack.push(v.to_string());
        s.on_stack.insert(v.to_string());
        let next: Vec<String> = s.edges.get(v).map(|m| m.keys().cloned().collect()).unwrap_or_default();
        for w in next {
            if !s.index.contains_key(&w) {
                visit(s, &w);
                let low = s.low[v].min(s.low[&w]);
                s.low.insert(v.to_string(), low);
            } else if s.on_stack.contains(&w) {
                let low = s.low[v].min(s.index[&w]);
                s.low.insert(v.to_string(), low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            loop {
                let w = s.stack.pop().unwrap();
                s.on_stack.remove(&w);
                let done = w == v;
                component.push(w);
                if done {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.out.push(component);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for m in modules {
        if !s.index.contains_key(m) {
            visit(&mut s, m);
        }
    }
    s.out
}

/// A shortest cycle through `start` inside `component`, as `start -> ... -> start`.
fn cycle_through(start: &str, component: &[String], edges: &Edges) -> Vec<String> {
    let mut parent: BTreeMap<String, String> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.to_string()]);
    while let Some(v) = queue.pop_front() {
        for w in edges.get(&v).map(|m| m.keys().cloned().collect::<Vec<_>>()).unwrap_or_default() {
            if !component.contains(&w) {
                continue;
            }
            if w == start {
                let mut path = vec![start.to_string(), v.clone()];
                let mut at = v.clone();
                while let Some(p) = parent.get(&at) {
                    path.push(p.clone());
                    at = p.clone();
                }
                path.reverse();
                path.rotate_right(1);
                path.push(start.to_string());
                path.dedup();
                return path;
            }
            if w != start && !parent.contains_key(&w) {
                parent.insert(w.clone(), v.clone());
                queue.push_back(w);
            }
        }
    }
    vec![start.to_string()]
}

/// The model's layers, lowest first: a module imports only from its own layer (without a cycle) and the
/// layers below it. The planner (`src/bin/plan`) sits on top. README, "Layout".
const LAYERS: &[&[&str]] = &[
    // Catalogue and units.
    &["catalog", "units", "error"],
    // The stage type and the chain solver.
    &["stage", "pipeline"],
    // What a chain warns about.
    &["warning"],
    // One module per stage or effect.
    &["stages"],
    // The input types: the scenario, its jobs, its schedule of fulls.
    &["scenario"],
    // The stages a tape chain is built of; the fields of the form; presets; range checks.
    &["chain", "fields", "presets", "validate"],
    // The restore and repository chains.
    &["restore", "repository"],
    // The result (Report) and its explanations.
    &["report"],
    // The evaluation: scenario in, report out.
    &["evaluate"],
    // What uses evaluations: goal seek, calibration, sweeps, the fleet, the timeline.
    &["goal_seek", "calibrate", "sweep", "fleet", "timeline"],
    // The share-link codec and the scenario file, which carry the fleet's job list.
    &["codec", "scenario_file"],
];

#[test]
fn imports_go_down_the_layers() {
    let (modules, edges, _) = graph();
    let layer = |m: &str| LAYERS.iter().position(|l| l.contains(&m));
    let unplaced: Vec<&String> = modules.iter().filter(|m| layer(m).is_none()).collect();
    assert!(
        unplaced.is_empty(),
        "modules with no layer in model/tests/layers.rs's LAYERS (and the README): {unplaced:?}"
    );
    let mut upward = Vec::new();
    for (from, to) in &edges {
        for (target, places) in to {
            if layer(target) > layer(from) {
                upward.push(format!("{from} imports {target}, a layer above it: {}", places.join(", ")));
            }
        }
    }
    assert!(upward.is_empty(), "{}", upward.join("\n"));
}

#[test]
fn every_crate_path_resolves() {
    let (_, _, unresolved) = graph();
    assert!(unresolved.is_empty(), "crate:: paths this test cannot place in a module:\n{}", unresolved.join("\n"));
}

#[test]
fn no_cycle_between_top_level_modules() {
    let (modules, edges, _) = graph();
    let found = cycles(&modules, &edges);
    let mut text = String::new();
    for component in &found {
        text += &format!("\nmodules that import each other in a circle: {}\n", component.join(", "));
        for start in component {
            let cycle = cycle_through(start, component, &edges);
            text += &format!("  {}\n", cycle.join(" -> "));
            for pair in cycle.windows(2) {
                let places = &edges[&pair[0]][&pair[1]];
                text += &format!("    {} -> {}: {}\n", pair[0], pair[1], places.join(", "));
            }
        }
    }
    assert!(found.is_empty(), "{text}");
}
