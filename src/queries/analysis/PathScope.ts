import picomatch from "picomatch";

/**
 * Which project files a graph question looks at: all of them, one file or folder (a path and
 * everything under it), or a glob. Paths are project-relative with `/`; confining a user's
 * argument to the project is the caller's job.
 */
export type PathScope =
  | { readonly kind: "all" }
  | { readonly kind: "path"; readonly path: string }
  | { readonly kind: "glob"; readonly pattern: string };

export const ALL_FILES: PathScope = { kind: "all" };

/** A predicate over project-relative paths. */
export const inScope = (scope: PathScope): ((path: string) => boolean) => {
  switch (scope.kind) {
    case "all":
      return () => true;
    case "path": {
      const folder = `${scope.path}/`;
      return (path) => path === scope.path || path.startsWith(folder);
    }
    case "glob": {
      const match = picomatch(scope.pattern, { dot: true });
      return (path) => match(path);
    }
  }
};

/** A prefix every path in scope starts with ("" when any may): lets Cypher drop most rows before `inScope` runs. */
export const scopePrefix = (scope: PathScope): string => {
  switch (scope.kind) {
    case "all":
      return "";
    case "path":
      return scope.path;
    case "glob": {
      const base = picomatch.scan(scope.pattern).base;
      return base === "" ? "" : `${base}/`;
    }
  }
};

export const describeScope = (scope: PathScope): string =>
  scope.kind === "all" ? "whole project" : scope.kind === "path" ? scope.path : scope.pattern;
