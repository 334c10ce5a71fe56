import { accessSync, constants, realpathSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/** What decides how Claude Code should start Nemesis, each path after following symlinks. */
export interface CommandFacts {
  /** `nemesis` as the PATH resolves it, or null when it is not on the PATH. */
  readonly nemesisOnPath: string | null;
  /** The CLI that is running (`process.argv[1]`). */
  readonly runningCli: string;
  /** `node` as the PATH resolves it, or null. */
  readonly nodeOnPath: string | null;
  /** The node that is running (`process.execPath`). */
  readonly runningNode: string;
}

export type HookCommand =
  | { readonly ok: true; readonly command: string; /** Why it is not plain `nemesis`, for the user. */ readonly note: string | null }
  | { readonly ok: false; readonly reason: string };

/** A word the commands cannot carry: the hook command is split on spaces for .mcp.json (ourMcpServer). */
const UNSAFE = /[\s"'\\$`]/;

/**
 * How Claude Code should start Nemesis when `--command` is not given. `nemesis` only when the
 * PATH leads to this same install: from a clone, a bare `nemesis` would not run (or would run
 * another version), and every hook would fail silently. Otherwise the running CLI, through the
 * node on the PATH when that is the running one, else through the running node by its path.
 */
export const hookCommandFor = (facts: CommandFacts): HookCommand => {
  if (facts.nemesisOnPath === facts.runningCli) return { ok: true, command: "nemesis", note: null };
  const node = facts.nodeOnPath === facts.runningNode ? "node" : facts.runningNode;
  const why = facts.nemesisOnPath === null ? "nemesis is not on the PATH" : `nemesis on the PATH is another install (${facts.nemesisOnPath})`;
  for (const [what, path] of [["node", node], ["this CLI", facts.runningCli]] as const) {
    if (UNSAFE.test(path)) {
      return {
        ok: false,
        reason: `${why}, and the path of ${what} (${path}) holds a space or quote that the hook and .mcp.json commands cannot carry: put nemesis on the PATH (npm link in the clone), or pass --command "<how to start nemesis>"`,
      };
    }
  }
  const command = `${node} ${facts.runningCli}`;
  const runs = facts.nemesisOnPath === null ? "so Claude Code runs this CLI" : "so Claude Code runs this one";
  return { ok: true, command, note: `${why}, ${runs}: ${command}` };
};

const executable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

/** The first executable file named `name` in the PATH's folders, after following symlinks; null when there is none. */
export const findOnPath = (name: string, path: string | undefined, extensions: ReadonlyArray<string> = [""]): string | null => {
  for (const dir of (path ?? "").split(delimiter)) {
    if (dir === "") continue;
    for (const ext of extensions) {
      const candidate = join(dir, name + ext);
      if (executable(candidate)) return realpathSync(candidate);
    }
  }
  return null;
};

const realpathOr = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

/** The facts of this process: its PATH, its CLI and its node. */
export const commandFacts = (env: NodeJS.ProcessEnv = process.env): CommandFacts => {
  const extensions = process.platform === "win32" ? (env.PATHEXT ?? ".EXE;.CMD").split(";").map((e) => e.toLowerCase()) : [""];
  return {
    nemesisOnPath: findOnPath("nemesis", env.PATH, extensions),
    runningCli: realpathOr(process.argv[1] ?? ""),
    nodeOnPath: findOnPath("node", env.PATH, extensions),
    runningNode: realpathOr(process.execPath),
  };
};
