import { readFileSync } from "node:fs";
import * as Data from "effect/Data";
import * as Either from "effect/Either";
import * as ParseResult from "effect/ParseResult";
import * as Schema from "effect/Schema";
import { parse as parseToml, TomlError } from "smol-toml";

const Project = Schema.Struct({
  name: Schema.optionalWith(Schema.String, { default: () => "" }),
  languages: Schema.optionalWith(Schema.Array(Schema.String), { default: () => [] }),
});

// `require_git = "false"` is a string in TOML; say what to write rather than only "Expected boolean".
const RequireGit = Schema.Boolean.annotations({
  message: (issue) => ({ message: `require_git must be true or false, without quotes (got ${JSON.stringify(issue.actual)})`, override: true }),
});

const Index = Schema.Struct({
  ignore: Schema.optionalWith(Schema.Array(Schema.String), { default: () => [] }),
  require_git: Schema.optionalWith(RequireGit, { default: () => true }),
  max_file_bytes: Schema.optionalWith(Schema.Number.pipe(Schema.positive()), { default: () => 1_000_000 }),
  max_line_length: Schema.optionalWith(Schema.Number.pipe(Schema.positive()), { default: () => 1_000 }),
  parse_budget_ms: Schema.optionalWith(Schema.Number.pipe(Schema.positive()), { default: () => 5_000 }),
});

const Graph = Schema.Struct({
  backend: Schema.optionalWith(Schema.Literal("kuzu"), { default: () => "kuzu" as const }),
  buffer_pool_mb: Schema.optionalWith(Schema.Number.pipe(Schema.positive()), { default: () => 512 }),
});

const Embedding = Schema.Struct({
  // "auto" is still read (older configs say it) and means "default": see resolveProvider.
  provider: Schema.optionalWith(Schema.Literal("auto", "default", "openai", "local", "none"), { default: () => "default" as const }),
  model: Schema.optional(Schema.String),
  base_url: Schema.optional(Schema.String),
  model_path: Schema.optional(Schema.String),
  dimensions: Schema.optional(Schema.Number),
});

const Memory = Schema.Struct({
  max_rule_chars: Schema.optionalWith(Schema.Number.pipe(Schema.positive()), { default: () => 4_000 }),
  auto_learn: Schema.optionalWith(Schema.Boolean, { default: () => false }),
});

const Watcher = Schema.Struct({
  enabled: Schema.optionalWith(Schema.Boolean, { default: () => true }),
  debounce_ms: Schema.optionalWith(Schema.Number.pipe(Schema.nonNegative()), { default: () => 100 }),
  reconcile_s: Schema.optionalWith(Schema.Number.pipe(Schema.positive()), { default: () => 300 }),
  poll_ms: Schema.optionalWith(Schema.Number.pipe(Schema.positive()), { default: () => 2_000 }),
});

const Hooks = Schema.Struct({
  // What the prompt-submit and pre-task hooks ask get_smart_context for (its own bounds).
  context_tokens: Schema.optionalWith(Schema.Number.pipe(Schema.int(), Schema.between(500, 32_000)), { default: () => 4_000 }),
});

const History = Schema.Struct({
  enabled: Schema.optionalWith(Schema.Boolean, { default: () => true }),
  max_commits: Schema.optionalWith(Schema.Number.pipe(Schema.int(), Schema.positive()), { default: () => 10_000 }),
  since_days: Schema.optionalWith(Schema.Number.pipe(Schema.positive()), { default: () => 730 }),
});

const Privacy = Schema.Struct({
  log_tasks: Schema.optionalWith(Schema.Boolean, { default: () => true }),
});

const Mcp = Schema.Struct({
  toolsets: Schema.optionalWith(Schema.Array(Schema.Literal("core", "graph", "history")), { default: () => ["core" as const] }),
  http_token: Schema.optional(Schema.String.pipe(Schema.minLength(16))),
});

export const NemesisConfig = Schema.Struct({
  project: Schema.optionalWith(Project, { default: () => Schema.decodeSync(Project)({}) }),
  index: Schema.optionalWith(Index, { default: () => Schema.decodeSync(Index)({}) }),
  graph: Schema.optionalWith(Graph, { default: () => Schema.decodeSync(Graph)({}) }),
  embedding: Schema.optionalWith(Embedding, { default: () => Schema.decodeSync(Embedding)({}) }),
  memory: Schema.optionalWith(Memory, { default: () => Schema.decodeSync(Memory)({}) }),
  watcher: Schema.optionalWith(Watcher, { default: () => Schema.decodeSync(Watcher)({}) }),
  mcp: Schema.optionalWith(Mcp, { default: () => Schema.decodeSync(Mcp)({}) }),
  hooks: Schema.optionalWith(Hooks, { default: () => Schema.decodeSync(Hooks)({}) }),
  history: Schema.optionalWith(History, { default: () => Schema.decodeSync(History)({}) }),
  privacy: Schema.optionalWith(Privacy, { default: () => Schema.decodeSync(Privacy)({}) }),
});
export type NemesisConfig = typeof NemesisConfig.Type;

export class ConfigError extends Data.TaggedError("ConfigError")<{ readonly path: string; readonly reason: string }> {
  override get message(): string {
    return `${this.path}: ${this.reason}`;
  }
}

export const defaultConfig = (): NemesisConfig => Schema.decodeUnknownSync(NemesisConfig)({});

/** Reads `.nemesis/config.toml`; a missing file means all defaults. */
export const loadConfig = (path: string): Either.Either<NemesisConfig, ConfigError> => {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return Either.right(defaultConfig());
  }
  let raw: unknown;
  try {
    raw = parseToml(text);
  } catch (e) {
    const where = e instanceof TomlError ? ` (line ${e.line}, column ${e.column})` : "";
    return Either.left(new ConfigError({ path, reason: `not valid TOML${where}: fix or delete the file (nemesis init writes a fresh one)` }));
  }
  return Either.mapLeft(
    Schema.decodeUnknownEither(NemesisConfig, { onExcessProperty: "error" })(raw),
    (e) => new ConfigError({ path, reason: ParseResult.TreeFormatter.formatErrorSync(e).replace(/\s+/g, " ") }),
  );
};

export const CONFIG_TEMPLATE = `# Nemesis configuration. Every option is optional; the values shown are the defaults.
# Delete a read model at any time and rebuild it with \`nemesis replay\`; only events.db is precious.

[project]
# name = "my-project"
# Languages to index (empty = every supported one: typescript, tsx, javascript, python, go, rust, java).
# languages = ["typescript", "python"]

[index]
# Globs to skip, on top of .gitignore and the built-in defaults (node_modules, build output, lock files…).
# ignore = ["docs/**", "**/*.generated.ts"]
# Apply .gitignore files only inside a git repository (a .git here or in a parent directory), as
# ripgrep does: in a copy without .git nothing tells tracked files from build output, and a pattern
# meant for a binary ("cobra") would hide a source folder of the same name. false: apply them anyway.
# require_git = true
# Files larger than this many bytes are skipped.
# max_file_bytes = 1000000
# Files with a line longer than this are treated as generated/minified and skipped.
# max_line_length = 1000
# Time budget for parsing one file, in milliseconds.
# parse_budget_ms = 5000

[graph]
# The graph read model's backend.
# backend = "kuzu"
# Kuzu's buffer pool in MiB (Kuzu alone would take most of the RAM).
# buffer_pool_mb = 512

[embedding]
# "default": the embedded offline embedder (no network, no download): nothing leaves this machine.
# "openai": sends the text of every chunk to OpenAI (or to \`base_url\`) to embed it, with the key
#   in OPENAI_API_KEY; text-embedding-3-small unless \`model\` says otherwise. Only when written here:
#   a key in the environment alone never sends anything.
# "local": an ONNX sentence-embedding model in \`model_path\`.
# "none": no vectors at all; search is keyword-only (fastest index, least memory).
# provider = "default"
# model = "text-embedding-3-small"
# base_url = "https://api.openai.com/v1"
# model_path = "/path/to/onnx-model-dir"

[memory]
# Longest rule, decision or convention text accepted, in characters.
# max_rule_chars = 4000
# Record the durable instructions you type to the agent ("always use…", "we decided…",
# "Convention: …", "ab jetzt immer…") as rules, decisions and conventions (source "auto-learn"),
# through the prompt-submit hook (nemesis hook install). \`nemesis learn <transcript.jsonl>\` does
# the same for a past Claude Code session whatever this says.
# auto_learn = false

[watcher]
# Watch the files while \`nemesis serve\` runs, so a save reaches the index without index_project
# (\`nemesis watch\` watches whatever this says).
# enabled = true
# Quiet period before a burst of saves is recorded, in milliseconds.
# debounce_ms = 100
# A full scan this often (seconds) repairs any change the file events missed; it reads only
# files whose size or mtime moved.
# reconcile_s = 300
# Where the system allows no more watches (fs.inotify.max_user_watches on Linux), a scan this
# often (milliseconds) instead of events.
# poll_ms = 2000

[history]
# Record the commits reachable from HEAD (read with git) in the log on \`nemesis index\` and whenever
# the watcher sees HEAD move: co-change and each file's history are built from them. Without git,
# or in a shallow clone, nothing is recorded (said once) and files are indexed as usual.
# enabled = true
# Each look at the history walks back at most this many commits from HEAD, and to no commit
# older than since_days before HEAD's commit: the first index records the two years or 10,000
# commits before HEAD, whichever is fewer; later ones record what is new (a walk from HEAD stops
# at the commits recorded).
# max_commits = 10000
# since_days = 730

[mcp]
# Tool sets \`nemesis serve\` offers when --toolsets is not given: "core" (search, code graph,
# memory, index), "graph" (agents' own scratch graphs) and "history" (get_changes_since: what
# changed since a session, a commit, a position or a time; context_report: whether the context
# served helped).
# toolsets = ["core"]
# Bearer token for \`nemesis serve --http\` (at least 16 characters); without it a random one is
# printed at start.
# http_token = "…"

[hooks]
# Token budget of the context the prompt-submit and pre-task hooks add to a prompt (500–32000).
# context_tokens = 4000

[privacy]
# Each get_smart_context and get_code_semantics answer, and each prompt hook's context, is logged
# (ContextServed: the files, symbols and rules served, for \`nemesis report context\`). false: log
# them without the task or query text.
# log_tasks = true
`;
