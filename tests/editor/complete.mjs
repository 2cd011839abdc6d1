// Ask the taplo TOML language server (what the "Even Better TOML" editor extension runs) for the
// completions at a place in a file, as an editor does: initialise, open the document, request
// `textDocument/completion`. Prints one completion label per line.
//
// Usage: node complete.mjs FILE LINE COLUMN   (0-based, as the language server protocol counts)
// The file names its schema in a `#:schema` first line; no schema catalog is fetched (offline).
import taplo from "@taplo/lsp";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const { TaploLsp } = taplo;
const file = path.resolve(process.argv[2]);
const position = { line: Number(process.argv[3]), character: Number(process.argv[4]) };
const quiet = { write: () => true };

const env = {
  cwd: () => process.cwd(),
  envVar: (name) => process.env[name],
  envVars: () => Object.entries(process.env),
  findConfigFile: () => undefined,
  glob: () => [],
  isAbsolute: (p) => path.isAbsolute(p),
  now: () => new Date(),
  readFile: (p) => fs.promises.readFile(p),
  writeFile: (p, bytes) => fs.promises.writeFile(p, bytes),
  stderr: process.env.TAPLO_LOG ? process.stderr : quiet,
  stdErrAtty: () => false,
  stdin: process.stdin,
  stdout: quiet,
  urlToFilePath: (url) => (url.startsWith("file:") ? fileURLToPath(url) : url),
  fetch: { fetch, Headers, Request, Response },
};

// The editor's settings, as "Even Better TOML" sends them: schemas on, no online catalog.
const settings = { schema: { enabled: true, catalogs: [], links: false } };
const waiting = new Map();
let server;
server = await TaploLsp.initialize(env, {
  onMessage(message) {
    if (message.method === undefined && waiting.has(message.id)) {
      waiting.get(message.id)(message);
      waiting.delete(message.id);
    } else if (message.id !== undefined) {
      // A request from the server; the only one that needs an answer is its settings.
      const items = message.params?.items ?? [];
      const result = message.method === "workspace/configuration" ? items.map(() => settings) : null;
      server.send({ jsonrpc: "2.0", id: message.id, result });
    }
  },
});
let nextId = 1;
const request = (method, params) =>
  new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    server.send({ jsonrpc: "2.0", id, method, params });
  });
const notify = (method, params) => server.send({ jsonrpc: "2.0", method, params });

const folder = pathToFileURL(path.dirname(file)).href;
const uri = pathToFileURL(file).href;
await request("initialize", {
  processId: null,
  rootUri: folder,
  workspaceFolders: [{ uri: folder, name: "game" }],
  initializationOptions: { configurationSection: "evenBetterToml" },
  capabilities: { workspace: { configuration: true } },
});
notify("initialized", {});
notify("textDocument/didOpen", {
  textDocument: { uri, languageId: "toml", version: 1, text: fs.readFileSync(file, "utf8") },
});
const reply = await request("textDocument/completion", { textDocument: { uri }, position });
if (reply.error) {
  console.error(JSON.stringify(reply.error));
  process.exit(1);
}
const items = Array.isArray(reply.result) ? reply.result : (reply.result?.items ?? []);
for (const item of items) console.log(item.label);
process.exit(0);
