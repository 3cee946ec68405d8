// Starts `solve lsp` for the TOML files that are specs (the `solve.files`
// glob), beside the TOML extension that colours the rest of the file.
const { LanguageClient } = require("vscode-languageclient/node");
const vscode = require("vscode");

let client;

function activate(context) {
  const settings = vscode.workspace.getConfiguration("solve");
  const command = settings.get("path") || "solve";
  const pattern = settings.get("files") || "**/{specs,puzzles}/**/*.toml";
  client = new LanguageClient(
    "solve",
    "solve",
    { command, args: ["lsp"] },
    { documentSelector: [{ scheme: "file", language: "toml", pattern }] },
  );
  context.subscriptions.push({ dispose: () => client.stop() });
  return client.start();
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
