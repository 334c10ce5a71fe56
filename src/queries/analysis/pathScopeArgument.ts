import * as Either from "effect/Either";
import picomatch from "picomatch";
import { confinePath } from "../../config/index.js";
import { ALL_FILES, inScope, type PathScope } from "./PathScope.js";

/** How the caller's surface names the argument in a message: `path`, `scope`, `--path`. */
export type ArgumentLabel = string;

const HINT = "Paths are relative to the project root: a folder means everything under it, and a glob such as src/**/*.ts also works.";

/**
 * A path or scope argument as a PathScope confined to the project, before anything is known of
 * the index: empty or "." for everything; a path without glob characters is a file or a folder
 * (everything under it); a glob keeps its pattern, with its literal base made project-relative.
 * Refused: anything outside the project (absolute elsewhere, `..`, a symlink out), and a glob
 * that climbs out with `..`.
 */
export const parsePathScope = (root: string, text: string | undefined, label: ArgumentLabel): Either.Either<PathScope, string> => {
  const trimmed = (text ?? "").trim();
  if (trimmed === "" || trimmed === ".") return Either.right(ALL_FILES);
  const scan = picomatch.scan(trimmed);
  if (!scan.isGlob) {
    const confined = confinePath(root, trimmed);
    if (!confined.ok) return Either.left(refused(label, confined.reason));
    return Either.right(confined.path === "" ? ALL_FILES : { kind: "path", path: confined.path });
  }
  if (scan.glob.split("/").includes("..")) return Either.left(`${label} "${text}": a glob may not climb out with "..". ${HINT}`);
  if (scan.base === "") return Either.right({ kind: "glob", pattern: scan.glob });
  const base = confinePath(root, scan.base);
  if (!base.ok) return Either.left(refused(label, base.reason));
  return Either.right({ kind: "glob", pattern: base.path === "" ? scan.glob : `${base.path}/${scan.glob}` });
};

/** confinePath's reason after the argument's name: it starts with the quoted path, or says "the path …". */
const refused = (label: ArgumentLabel, reason: string): string => (reason.startsWith('"') ? `${label} ${reason}` : `${label}: ${reason}`);

const lastSegment = (path: string): string => path.slice(path.lastIndexOf("/") + 1).toLowerCase();

/** Every folder holding an indexed file, and the files themselves. */
const entriesOf = (indexed: ReadonlyArray<string>): string[] => {
  const entries = new Set<string>();
  for (const path of indexed) {
    entries.add(path);
    for (let i = path.indexOf("/"); i > 0; i = path.indexOf("/", i + 1)) entries.add(path.slice(0, i));
  }
  return [...entries].sort();
};

/**
 * Up to five indexed files or folders a mistyped path may have meant: those whose name contains
 * the name asked for (or is contained in it), else what the nearest indexed folder above it holds.
 */
const nearby = (wanted: string, indexed: ReadonlyArray<string>): string[] => {
  const entries = entriesOf(indexed);
  const name = lastSegment(wanted);
  const alike = name.length < 3 ? [] : entries.filter((e) => lastSegment(e).includes(name) || (lastSegment(e).length >= 3 && name.includes(lastSegment(e))));
  if (alike.length > 0) return alike.sort((a, b) => a.length - b.length).slice(0, 5);
  let parent = wanted;
  while (parent.includes("/")) {
    parent = parent.slice(0, parent.lastIndexOf("/"));
    if (entries.includes(parent)) break;
  }
  const under = parent.includes("/") || entries.includes(parent) ? `${parent}/` : "";
  return entries.filter((e) => e.startsWith(under) && !e.slice(under.length).includes("/")).slice(0, 5);
};

/**
 * `scope` if it selects at least one of the `indexed` files (project-relative paths), else what
 * is wrong, in words: a path that is neither an indexed file nor a folder holding one, or a
 * glob that matches none, with the indexed files or folders it may have meant.
 */
export const checkPathScope = (scope: PathScope, text: string, indexed: Iterable<string>, label: ArgumentLabel): Either.Either<PathScope, string> => {
  if (scope.kind === "all") return Either.right(scope);
  const inside = inScope(scope);
  const all: string[] = [];
  for (const path of indexed) {
    if (inside(path)) return Either.right(scope);
    all.push(path);
  }
  if (scope.kind === "glob") return Either.left(`${label} "${text}" matches no indexed file. ${HINT}`);
  const near = nearby(scope.path, all);
  const also = near.length === 0 ? "" : `; indexed near it: ${near.join(", ")}`;
  return Either.left(`${label} "${text}" names no indexed file and no folder holding one (misspelt, ignored, or in no language Nemesis parses)${also}. ${HINT}`);
};

/**
 * The one normaliser of a path or scope argument, for every tool and command that filters by
 * path: parsed and confined (parsePathScope), then checked against what is indexed
 * (checkPathScope; `indexed` is called only when there is a path to check, and may repeat
 * paths: chunk paths name a file once per chunk). A glob whose text is
 * itself an indexed path (`app/[id]/page.tsx`) means that path.
 */
export const pathScope = (
  root: string,
  text: string | undefined,
  indexed: () => Iterable<string>,
  label: ArgumentLabel,
): Either.Either<PathScope, string> => {
  const parsed = parsePathScope(root, text, label);
  if (Either.isLeft(parsed) || parsed.right.kind === "all") return parsed;
  if (parsed.right.kind === "glob") {
    const literal = confinePath(root, text!.trim());
    if (literal.ok && literal.path !== "") {
      const asPath: PathScope = { kind: "path", path: literal.path };
      if (selectsAny(asPath, indexed())) return Either.right(asPath);
    }
  }
  return checkPathScope(parsed.right, text!.trim(), indexed(), label);
};

const selectsAny = (scope: PathScope, indexed: Iterable<string>): boolean => {
  const inside = inScope(scope);
  for (const path of indexed) if (inside(path)) return true;
  return false;
};
