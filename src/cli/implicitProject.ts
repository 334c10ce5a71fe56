import { existsSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";

/**
 * Files and folders that say a directory is the root of a code project. An MCP client with no
 * folder open starts `serve` in the home directory or `/`: without one of these there, the
 * server would make a project of everything below.
 */
export const PROJECT_MARKERS: ReadonlyArray<string> = [
  ".git",
  ".hg",
  ".svn",
  "package.json",
  "deno.json",
  "tsconfig.json",
  "pyproject.toml",
  "setup.py",
  "setup.cfg",
  "requirements.txt",
  "Pipfile",
  "go.mod",
  "go.work",
  "Cargo.toml",
  "pom.xml",
  "build.gradle",
  "build.gradle.kts",
  "settings.gradle",
  "settings.gradle.kts",
];

/** Why a directory nobody named may not become (or be used as) a project. */
export type ImplicitRefusal = "root" | "home" | "no-marker";

export interface ImplicitProjectFacts {
  /** The directory a command would use, found from the working directory rather than named. */
  readonly dir: string;
  readonly home: string;
  /** It holds `.nemesis/` already (someone ran `nemesis init` there). */
  readonly isProject: boolean;
  /** It holds one of PROJECT_MARKERS. */
  readonly hasMarker: boolean;
  /**
   * Whether a directory without a marker is refused too: for `serve`, which a client starts
   * wherever it happens to be. A person typing `init` or `index` in a folder has chosen it.
   */
  readonly requireMarker: boolean;
}

/**
 * Whether a command may use `dir` without being told to. The filesystem root and the home
 * directory never (even with a `.nemesis/` an earlier run left there: it indexed every
 * repository below); another directory when it is a project already or, where markers are
 * required, holds one.
 */
export const refuseImplicitProject = (f: ImplicitProjectFacts): ImplicitRefusal | null => {
  const dir = resolve(f.dir);
  if (dirname(dir) === dir) return "root";
  if (dir === resolve(f.home)) return "home";
  if (f.isProject || !f.requireMarker || f.hasMarker) return null;
  return "no-marker";
};

const WHAT: Record<ImplicitRefusal, string> = {
  root: "the filesystem root",
  home: "your home directory",
  "no-marker": "not a project root (it holds no .git, package.json, pyproject.toml, go.mod, Cargo.toml, pom.xml or other manifest)",
};

/** The refusal, with how to name the project instead. */
export const implicitProjectMessage = (command: "serve" | "index" | "init", dir: string, refusal: ImplicitRefusal): string => {
  const why = `${dir} is ${WHAT[refusal]}: nemesis ${command} will not create .nemesis/ there and index everything below it unless told to.`;
  if (command === "serve") {
    // One line: the CLI reports errors as one (and a client shows the server's stderr as it comes).
    return (
      `${why} Point the server at a repository with --project in the MCP client's config, e.g. ` +
      "`claude mcp add nemesis -- nemesis serve --project /path/to/repo`, or " +
      '{"mcpServers": {"nemesis": {"command": "nemesis", "args": ["serve", "--project", "/path/to/repo"]}}} in .mcp.json; ' +
      "or start it in the repository's root (a directory with .git or a manifest such as package.json)."
    );
  }
  const named = command === "index" ? `nemesis --root ${dir} index` : `nemesis init ${dir}`;
  return `${why} Run it in a repository's root, or name the directory if you mean it: ${named}`;
};

/** Whether `dir` holds one of PROJECT_MARKERS. */
export const hasProjectMarker = (dir: string): boolean => PROJECT_MARKERS.some((m) => existsSync(join(dir, m)));

const real = (path: string): string => {
  try {
    return realpathSync(path);
  } catch {
    return resolve(path);
  }
};

/** `refuseImplicitProject` for `dir` as it is on disk (paths compared after realpath: a symlinked home is still home). */
export const implicitProjectRefusal = (dir: string, requireMarker: boolean, home: string = homedir()): ImplicitRefusal | null =>
  refuseImplicitProject({
    dir: real(dir),
    home: real(home),
    isProject: existsSync(join(dir, ".nemesis")),
    hasMarker: hasProjectMarker(dir),
    requireMarker,
  });
