import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CliError } from "../errors.js";
import { writeFailure } from "../initTarget.js";
import { addOurHooks, addOurServer, removeOurHooks, removeOurServer, type Unmergeable } from "./hookSettings.js";

export interface InstallOptions {
  readonly uninstall: boolean;
  /** How Claude Code starts Nemesis: `nemesis` on the PATH, or e.g. `node /path/to/dist/cli.js`. */
  readonly command: string;
}

/** What happened to one file, in a line for the user. */
export interface FileOutcome {
  readonly path: string;
  readonly line: string;
}

export type InstallResult = { readonly ok: true; readonly files: ReadonlyArray<FileOutcome> } | { readonly ok: false; readonly reason: string };

const isObject = (v: unknown): boolean => typeof v === "object" && v !== null && !Array.isArray(v);

/** The file's text (null when it does not exist), or why it cannot be merged into. */
const readJsonText = (path: string): { readonly text: string | null } | { readonly problem: string } => {
  if (!existsSync(path)) return { text: null };
  const text = readFileSync(path, "utf8");
  if (text.trim() === "") return { text: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { problem: `${path} is not valid JSON (${(e as Error).message}): fix it by hand, then run this again (nothing was changed)` };
  }
  return isObject(value) ? { text } : { problem: `${path} does not hold a JSON object: fix it by hand, then run this again (nothing was changed)` };
};

/**
 * Writes through a temporary file and a rename: Claude Code may read the file at any moment. A
 * failure the user can act on (no permission, read-only, /proc) is one line, not a bug report.
 */
const writeAtomically = (path: string, text: string): void => {
  try {
    // Only .claude/ can be missing (the root exists); a recursive mkdir can loop where the kernel answers oddly (/proc).
    if (!existsSync(dirname(path))) mkdirSync(dirname(path));
    const temporary = `${path}.nemesis-${process.pid}.tmp`;
    writeFileSync(temporary, text);
    renameSync(temporary, path);
  } catch (e) {
    const reason = writeFailure((e as NodeJS.ErrnoException).path ?? path, e);
    throw reason === null ? e : new CliError(reason);
  }
};

/**
 * Writes `next` when it differs from what the file holds. A file left holding nothing but an
 * empty object is removed (and `.claude/` when that leaves it empty): install created it.
 */
const update = (path: string, before: string | null, next: string): boolean => {
  if (next === before) return false;
  if (Object.keys(JSON.parse(next) as object).length === 0) {
    if (before !== null) unlinkSync(path);
    const dir = dirname(path);
    if (dir.endsWith(".claude") && existsSync(dir) && readdirSync(dir).length === 0) rmdirSync(dir);
    return before !== null;
  }
  writeAtomically(path, next);
  return true;
};

const refused = (path: string, r: Unmergeable): InstallResult => ({ ok: false, reason: `${path}: ${r.unmergeable}; fix it by hand, then run this again (nothing was changed)` });

/**
 * `nemesis hook install [--uninstall]` in `root`: our hooks in `.claude/settings.json` and our
 * server in `.mcp.json`, merged into whatever the user has there; run twice, the same files.
 * Both files are read and checked before either is written, so a broken one changes nothing.
 */
export const installHooks = (root: string, options: InstallOptions): InstallResult => {
  const settingsPath = join(root, ".claude", "settings.json");
  const mcpPath = join(root, ".mcp.json");
  const settings = readJsonText(settingsPath);
  if ("problem" in settings) return { ok: false, reason: settings.problem };
  const mcp = readJsonText(mcpPath);
  if ("problem" in mcp) return { ok: false, reason: mcp.problem };

  if (options.uninstall) {
    const settingsChanged = settings.text !== null && update(settingsPath, settings.text, removeOurHooks(settings.text));
    const mcpChanged = mcp.text !== null && update(mcpPath, mcp.text, removeOurServer(mcp.text));
    return {
      ok: true,
      files: [
        { path: settingsPath, line: settingsChanged ? "removed the Nemesis hooks" : "held no Nemesis hooks" },
        { path: mcpPath, line: mcpChanged ? "removed the nemesis MCP server" : "held no nemesis MCP server of ours" },
      ],
    };
  }
  const withHooks = addOurHooks(settings.text, options.command);
  if ("unmergeable" in withHooks) return refused(settingsPath, withHooks);
  const withServer = addOurServer(mcp.text, options.command);
  if ("unmergeable" in withServer) return refused(mcpPath, withServer);
  const settingsChanged = update(settingsPath, settings.text, withHooks.text);
  const mcpChanged = update(mcpPath, mcp.text, withServer.text);
  return {
    ok: true,
    files: [
      {
        path: settingsPath,
        line: settingsChanged
          ? "hooks installed: SessionStart → session-start, UserPromptSubmit → prompt-submit, PreToolUse(Task) → pre-task, PostToolUse(Edit|Write|MultiEdit|NotebookEdit) → file-changed"
          : "the Nemesis hooks were already installed",
      },
      {
        path: mcpPath,
        line: withServer.kept
          ? "kept your own mcpServers.nemesis entry (remove it and run this again to use ours)"
          : mcpChanged
            ? "MCP server added: mcpServers.nemesis"
            : "the nemesis MCP server was already configured",
      },
    ],
  };
};
