/**
 * What no project wants indexed, whatever its .gitignore says: dependencies, build output,
 * caches, virtualenvs, vendored code and lock files. Matched by name at any depth.
 */
export const DEFAULT_IGNORED_DIRS: ReadonlySet<string> = new Set([
  ".git",
  ".hg",
  ".svn",
  ".nemesis",
  "node_modules",
  "bower_components",
  "dist",
  "build",
  "out",
  "target",
  "vendor",
  ".venv",
  "venv",
  "__pycache__",
  ".mypy_cache",
  ".pytest_cache",
  ".ruff_cache",
  ".tox",
  ".nox",
  "coverage",
  ".nyc_output",
  ".next",
  ".nuxt",
  ".svelte-kit",
  ".turbo",
  ".parcel-cache",
  ".gradle",
  ".idea",
  ".vscode",
]);

export const DEFAULT_IGNORED_FILES: ReadonlySet<string> = new Set([
  "package-lock.json",
  "npm-shrinkwrap.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "bun.lockb",
  "Cargo.lock",
  "poetry.lock",
  "Pipfile.lock",
  "uv.lock",
  "go.sum",
  "composer.lock",
  "Gemfile.lock",
]);

/** Minified bundles and source maps: generated, never worth a symbol. */
const GENERATED_SUFFIXES = [".min.js", ".min.mjs", ".min.cjs", ".bundle.js", ".js.map", ".d.ts.map"];

export const isDefaultIgnoredFile = (name: string): boolean =>
  DEFAULT_IGNORED_FILES.has(name) || GENERATED_SUFFIXES.some((s) => name.endsWith(s));
