/** Where an import specifier leads. */
export type ModuleTarget =
  /** One file of the repository (TS/JS, Python, Rust, Java). */
  | { readonly kind: "file"; readonly path: string }
  /** A Go package: every non-test `.go` file of one directory. */
  | { readonly kind: "package"; readonly dir: string; readonly files: readonly string[] }
  /** A module outside the repository, by its package name (`react`, `os`, `fmt`). */
  | { readonly kind: "external"; readonly id: string }
  /** Looked like it belongs to the repository (relative, or under a known root) but nothing matched. */
  | { readonly kind: "missing" };

export const MISSING: ModuleTarget = { kind: "missing" };
export const fileTarget = (path: string): ModuleTarget => ({ kind: "file", path });
export const externalTarget = (id: string): ModuleTarget => ({ kind: "external", id });
