//! `solve lsp`: a language server over stdio for spec files. Every change
//! is checked by the same pipeline as `solve check` and the playground
//! (diagnostics at their exact spans inside the TOML strings, and a
//! warning for a name never used); the expressions' names are resolved
//! for hover, go to definition, references, rename, completion and
//! semantic tokens; a worker thread finds each variable's domain after
//! propagation at the root (inlay hints, hover) and whether the spec has
//! one solution, several or none (a code lens, with "explain" for none),
//! under a deadline and cancelled by the next change, so that typing
//! never waits for the solver.
//!
//! The protocol is the `lsp-server` and `lsp-types` crates' (as
//! rust-analyzer's): a loop over messages, no async runtime. Full document
//! sync; positions in UTF-16, or UTF-8 when the client offers it. A
//! handler that panics answers with an error and the server goes on.

mod analysis;
mod commands;
mod completion;
mod hover;
mod lens;
mod navigate;
mod place;
mod symbols;
mod text;
mod tokens;
mod transport;
mod worker;

use analysis::Analysis;
use crossbeam_channel::select;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use lsp_types::{
    CodeLensOptions, CompletionOptions, ExecuteCommandOptions, HoverProviderCapability,
    InitializeParams, OneOf, PositionEncodingKind, PublishDiagnosticsParams, RenameOptions,
    SemanticTokensFullOptions, SemanticTokensOptions, ServerCapabilities,
    TextDocumentSyncCapability, TextDocumentSyncKind, Uri, notification, request,
};
use serde_json::{Value, json};
use std::collections::HashMap;
use text::Encoding;
use worker::{Domains, Verdict, Worker};

/// Serves the protocol on stdin and stdout until the client exits.
pub(crate) fn run_stdio() -> Result<(), String> {
    let (sender, receiver, threads) = transport::stdio();
    let connection = Connection { sender, receiver };
    let served = serve(&connection).map_err(|e| e.to_string());
    drop(connection);
    for thread in threads {
        let _ = thread.join();
    }
    served
}

/// A document open in the client, as last checked.
#[derive(Debug)]
struct Doc {
    uri: Uri,
    version: i32,
    analysis: Analysis,
    domains: Option<Domains>,
    verdict: Option<Verdict>,
}

#[derive(Debug)]
struct Server {
    docs: HashMap<String, Doc>,
    worker: Worker,
    encoding: Encoding,
    /// Whether the client refreshes inlay hints and code lenses on ask.
    refresh: (bool, bool),
    next_id: i32,
    /// Notifications a request's handler sends after its response.
    outbox: Vec<Message>,
}

/// Runs the server on `connection` (stdio, or in memory for the tests).
pub(crate) fn serve(
    connection: &Connection,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    // Before `initialize`, a request is refused and a notification dropped.
    let (id, params) = loop {
        match connection.receiver.recv()? {
            Message::Request(r) if r.method == request::Initialize::METHOD => {
                break (r.id, r.params);
            }
            Message::Request(r) => connection.sender.send(Message::Response(Response::new_err(
                r.id,
                ErrorCode::ServerNotInitialized as i32,
                "solve lsp: initialize first".to_string(),
            )))?,
            _ => {}
        }
    };
    let init: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let utf8 = init
        .capabilities
        .general
        .as_ref()
        .and_then(|g| g.position_encodings.as_ref())
        .is_some_and(|e| e.contains(&PositionEncodingKind::UTF8));
    let encoding = if utf8 {
        Encoding::Utf8
    } else {
        Encoding::Utf16
    };
    let workspace = init.capabilities.workspace.as_ref();
    let refresh = (
        workspace
            .and_then(|w| w.inlay_hint.as_ref())
            .and_then(|h| h.refresh_support)
            .unwrap_or(false),
        workspace
            .and_then(|w| w.code_lens.as_ref())
            .and_then(|c| c.refresh_support)
            .unwrap_or(false),
    );
    let result = json!({
        "capabilities": capabilities(encoding),
        "serverInfo": {"name": "solve", "version": env!("CARGO_PKG_VERSION")},
    });
    // `initialized` is not awaited: it says nothing the server needs.
    connection
        .sender
        .send(Message::Response(Response::new_ok(id, result)))?;
    let mut server = Server {
        docs: HashMap::new(),
        worker: Worker::new(),
        encoding,
        refresh,
        next_id: 0,
        outbox: Vec::new(),
    };
    let mut waiting: std::collections::VecDeque<Message> = Default::default();
    loop {
        let message = match waiting.pop_front() {
            Some(m) => Ok(m),
            None => select! {
                recv(connection.receiver) -> message => message.map_err(|_| ()),
                recv(server.worker.receiver) -> done => {
                    if let Ok(done) = done {
                        server.done(connection, done)?;
                    }
                    continue;
                }
            },
        };
        let Ok(message) = message else { return Ok(()) };
        // Typing fast: a change that a later change of the same document
        // already replaces is not checked (the later one is).
        waiting.extend(connection.receiver.try_iter());
        if superseded(&message, &waiting) {
            continue;
        }
        match message {
            Message::Request(r) => {
                if r.method == request::Shutdown::METHOD {
                    return shut_down(connection, r.id);
                }
                let response = server.respond(r);
                connection.sender.send(Message::Response(response))?;
                for message in server.outbox.drain(..) {
                    connection.sender.send(message)?;
                }
            }
            Message::Notification(n) => server.notified(connection, n)?,
            Message::Response(_) => {}
        }
    }
}

/// Whether `message` is a change of a document that a change waiting
/// after it replaces (full sync: each change holds the whole text).
fn superseded(message: &Message, waiting: &std::collections::VecDeque<Message>) -> bool {
    let change = notification::DidChangeTextDocument::METHOD;
    let uri = |m: &Message| match m {
        Message::Notification(n) if n.method == change => n
            .params
            .pointer("/textDocument/uri")
            .and_then(Value::as_str)
            .map(str::to_string),
        _ => None,
    };
    uri(message).is_some_and(|u| {
        waiting
            .iter()
            .any(|m| uri(m).as_deref() == Some(u.as_str()))
    })
}

fn capabilities(encoding: Encoding) -> ServerCapabilities {
    ServerCapabilities {
        position_encoding: Some(match encoding {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
        }),
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        completion_provider: Some(CompletionOptions::default()),
        semantic_tokens_provider: Some(
            SemanticTokensOptions {
                legend: tokens::legend(),
                full: Some(SemanticTokensFullOptions::Bool(true)),
                ..Default::default()
            }
            .into(),
        ),
        inlay_hint_provider: Some(OneOf::Left(true)),
        code_lens_provider: Some(CodeLensOptions {
            resolve_provider: Some(false),
        }),
        execute_command_provider: Some(ExecuteCommandOptions {
            commands: commands::ALL.iter().map(|c| c.to_string()).collect(),
            work_done_progress_options: Default::default(),
        }),
        ..Default::default()
    }
}

impl Server {
    fn notified(
        &mut self,
        connection: &Connection,
        n: Notification,
    ) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        let (uri, version, text) = match n.method.as_str() {
            notification::DidOpenTextDocument::METHOD => {
                let Ok(p) =
                    serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(n.params)
                else {
                    return Ok(());
                };
                (
                    p.text_document.uri,
                    p.text_document.version,
                    p.text_document.text,
                )
            }
            notification::DidChangeTextDocument::METHOD => {
                let Ok(mut p) =
                    serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(n.params)
                else {
                    return Ok(());
                };
                // Full sync: the last change holds the whole text.
                let Some(change) = p.content_changes.pop() else {
                    return Ok(());
                };
                (p.text_document.uri, p.text_document.version, change.text)
            }
            notification::DidCloseTextDocument::METHOD => {
                if let Ok(p) =
                    serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(n.params)
                {
                    let _ = self.docs.remove(p.text_document.uri.as_str());
                    publish(connection, &p.text_document.uri, Vec::new(), None)?;
                }
                return Ok(());
            }
            _ => return Ok(()),
        };
        self.update(connection, uri, version, text)
    }

    /// Checks a new version of a document, publishes its diagnostics and
    /// starts its worker job.
    fn update(
        &mut self,
        connection: &Connection,
        uri: Uri,
        version: i32,
        text: String,
    ) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        let encoding = self.encoding;
        let check = || Analysis::new(&uri, text.clone(), encoding);
        let analysis = std::panic::catch_unwind(std::panic::AssertUnwindSafe(check))
            .unwrap_or_else(|_| Analysis::broken(&uri, text, encoding));
        publish(
            connection,
            &uri,
            analysis.diagnostics.clone(),
            Some(version),
        )?;
        if let Some((lowered, sources)) = &analysis.lowered {
            let job = (lowered.clone(), sources.clone(), analysis.run());
            self.worker.start(uri.clone(), version, job);
        }
        let _ = self.docs.insert(
            uri.as_str().to_string(),
            Doc {
                uri,
                version,
                analysis,
                domains: None,
                verdict: None,
            },
        );
        Ok(())
    }

    /// A worker job's result: kept if its version is still the latest,
    /// and the client asked to show it again.
    fn done(
        &mut self,
        connection: &Connection,
        done: worker::Done,
    ) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        let Some(doc) = self.docs.get_mut(done.uri.as_str()) else {
            return Ok(());
        };
        if doc.version != done.version {
            return Ok(());
        }
        doc.domains = done.domains;
        doc.verdict = Some(done.verdict);
        let asks = [
            (self.refresh.0, request::InlayHintRefreshRequest::METHOD),
            (self.refresh.1, request::CodeLensRefresh::METHOD),
        ];
        for (wanted, method) in asks {
            if wanted {
                self.next_id += 1;
                let id = RequestId::from(format!("refresh-{}", self.next_id));
                connection.sender.send(Message::Request(Request::new(
                    id,
                    method.to_string(),
                    (),
                )))?;
            }
        }
        Ok(())
    }

    /// The response to a request; a handler's panic is an error response.
    fn respond(&mut self, r: Request) -> Response {
        let id = r.id.clone();
        let method = r.method.clone();
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.handle(r))) {
            Ok(Ok(value)) => Response::new_ok(id, value),
            Ok(Err((code, message))) => Response::new_err(id, code as i32, message),
            Err(_) => Response::new_err(
                id,
                ErrorCode::InternalError as i32,
                format!("solve lsp: {method} failed (a bug; please report it)"),
            ),
        }
    }

    fn handle(&mut self, r: Request) -> Result<Value, (ErrorCode, String)> {
        let params = r.params;
        fn doc<'d>(
            docs: &'d HashMap<String, Doc>,
            params: &Value,
        ) -> Result<&'d Doc, (ErrorCode, String)> {
            let uri = params
                .pointer("/textDocument/uri")
                .and_then(Value::as_str)
                .ok_or_else(|| bad("a document is expected"))?;
            docs.get(uri).ok_or_else(|| unknown(uri))
        }
        match r.method.as_str() {
            request::HoverRequest::METHOD
            | request::GotoDefinition::METHOD
            | request::References::METHOD
            | request::PrepareRenameRequest::METHOD
            | request::Completion::METHOD
            | request::Rename::METHOD => self.at_position(&r.method, &params),
            request::SemanticTokensFullRequest::METHOD => {
                let data = tokens::tokens(&doc(&self.docs, &params)?.analysis);
                Ok(json!(lsp_types::SemanticTokens {
                    result_id: None,
                    data,
                }))
            }
            request::InlayHintRequest::METHOD => {
                let doc = doc(&self.docs, &params)?;
                Ok(json!(lens::hints(&doc.analysis, doc.domains.as_ref())))
            }
            request::CodeLensRequest::METHOD => {
                let doc = doc(&self.docs, &params)?;
                Ok(json!(lens::lens(
                    &doc.analysis,
                    &doc.uri,
                    doc.verdict.as_ref()
                )))
            }
            request::ExecuteCommand::METHOD => self.execute(&params),
            other => Err((
                ErrorCode::MethodNotFound,
                format!("solve lsp: `{other}` is not supported"),
            )),
        }
    }

    /// The requests at a position of a document.
    fn at_position(&self, method: &str, params: &Value) -> Result<Value, (ErrorCode, String)> {
        let uri = params
            .pointer("/textDocument/uri")
            .and_then(Value::as_str)
            .ok_or_else(|| bad("a document is expected"))?;
        let position: lsp_types::Position = params
            .get("position")
            .and_then(|p| serde_json::from_value(p.clone()).ok())
            .ok_or_else(|| bad("a text position is expected"))?;
        let doc = self.docs.get(uri).ok_or_else(|| unknown(uri))?;
        let a = &doc.analysis;
        let offset = a.index.offset(&a.text, position);
        Ok(match method {
            request::HoverRequest::METHOD => match hover::hover(doc, offset) {
                Some(markdown) => json!({"contents": {"kind": "markdown", "value": markdown}}),
                None => Value::Null,
            },
            request::GotoDefinition::METHOD => navigate::definition(doc, offset),
            request::References::METHOD => {
                let declaration = params
                    .pointer("/context/includeDeclaration")
                    .and_then(Value::as_bool)
                    .unwrap_or(true);
                navigate::references(doc, offset, declaration)
            }
            request::PrepareRenameRequest::METHOD => navigate::prepare_rename(doc, offset),
            request::Rename::METHOD => {
                let new_name = params
                    .get("newName")
                    .and_then(Value::as_str)
                    .ok_or_else(|| bad("a new name is expected"))?;
                navigate::rename(doc, offset, new_name).map_err(|m| bad(&m))?
            }
            _ => json!(completion::complete(a, offset)),
        })
    }

    /// A command of [`commands::ALL`] on the document named by its first
    /// argument: its answer shown as a message, or for `solve.explain` the
    /// conflict, and its constraints marked among the document's
    /// diagnostics.
    fn execute(&mut self, params: &Value) -> Result<Value, (ErrorCode, String)> {
        let command = params.get("command").and_then(Value::as_str).unwrap_or("");
        let uri = params
            .pointer("/arguments/0")
            .and_then(Value::as_str)
            .ok_or_else(|| bad(&format!("`{command}` takes the document's URI")))?;
        let doc = self.docs.get(uri).ok_or_else(|| unknown(uri))?;
        let said = match command {
            commands::SOLUTION => Some(commands::solution(doc)),
            commands::COUNT => Some(commands::count(doc)),
            commands::CANDIDATES => Some(commands::candidates(doc)),
            commands::STATUS => Some(commands::status(doc)),
            commands::EXPLAIN => None,
            _ => return Err(bad(&format!("unknown command `{command}`"))),
        };
        if let Some(text) = said {
            let message = json!({"type": 3, "message": text});
            self.outbox.push(Message::Notification(Notification::new(
                notification::ShowMessage::METHOD.to_string(),
                message,
            )));
            return Ok(json!({"message": text}));
        }
        let (answer, marks) = navigate::explain(doc);
        let mut diagnostics = doc.analysis.diagnostics.clone();
        diagnostics.extend(marks);
        let params = PublishDiagnosticsParams {
            uri: doc.uri.clone(),
            diagnostics,
            version: Some(doc.version),
        };
        self.outbox.push(Message::Notification(Notification::new(
            notification::PublishDiagnostics::METHOD.to_string(),
            params,
        )));
        Ok(answer)
    }
}

/// An error response for parameters the server cannot use.
fn bad(what: &str) -> (ErrorCode, String) {
    (ErrorCode::InvalidParams, format!("solve lsp: {what}"))
}

fn unknown(uri: &str) -> (ErrorCode, String) {
    (
        ErrorCode::InvalidParams,
        format!("solve lsp: {uri} is not open"),
    )
}

/// Answers `shutdown`, then waits for `exit`: whatever comes between
/// (a late response, a request) is answered with an error or dropped,
/// never a failure.
fn shut_down(
    connection: &Connection,
    id: RequestId,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    connection
        .sender
        .send(Message::Response(Response::new_ok(id, Value::Null)))?;
    for message in &connection.receiver {
        match message {
            Message::Notification(n) if n.method == notification::Exit::METHOD => break,
            Message::Request(r) => connection.sender.send(Message::Response(Response::new_err(
                r.id,
                ErrorCode::InvalidRequest as i32,
                "solve lsp: shutting down".to_string(),
            )))?,
            _ => {}
        }
    }
    Ok(())
}

/// Sends a document's diagnostics.
fn publish(
    connection: &Connection,
    uri: &Uri,
    diagnostics: Vec<lsp_types::Diagnostic>,
    version: Option<i32>,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let params = PublishDiagnosticsParams {
        uri: uri.clone(),
        diagnostics,
        version,
    };
    connection
        .sender
        .send(Message::Notification(Notification::new(
            notification::PublishDiagnostics::METHOD.to_string(),
            params,
        )))?;
    Ok(())
}
