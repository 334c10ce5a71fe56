// The language of a source file, by its name alone: what a FileChanged records. The change
// sources (the scan, the watcher, the hooks) and the parser both decide it here, so they agree;
// nothing here loads a grammar (src/parse/languages.ts does).

/** Language ids a source file can have, the languages Nemesis parses; `manifest` marks build metadata files. */
export const SOURCE_LANGUAGES = ["typescript", "tsx", "javascript", "python", "go", "rust", "java", "c", "cpp", "csharp", "ruby", "php", "kotlin"] as const;
export type SourceLanguage = (typeof SOURCE_LANGUAGES)[number];
export type LanguageId = SourceLanguage | "manifest";

export type ManifestKind = "tsconfig" | "package" | "gomod" | "python" | "cargo" | "composer";

const byExtension: Record<string, SourceLanguage> = {
  ".ts": "typescript",
  ".mts": "typescript",
  ".cts": "typescript",
  ".tsx": "tsx",
  ".js": "javascript",
  ".jsx": "javascript",
  ".mjs": "javascript",
  ".cjs": "javascript",
  ".py": "python",
  ".pyi": "python",
  ".go": "go",
  ".rs": "rust",
  ".java": "java",
  ".c": "c",
  // A header may be C or C++; the C++ grammar reads both.
  ".h": "cpp",
  ".cc": "cpp",
  ".cpp": "cpp",
  ".cxx": "cpp",
  ".c++": "cpp",
  ".hh": "cpp",
  ".hpp": "cpp",
  ".hxx": "cpp",
  ".h++": "cpp",
  ".ipp": "cpp",
  ".tpp": "cpp",
  ".inl": "cpp",
  ".cs": "csharp",
  ".rb": "ruby",
  ".rake": "ruby",
  ".php": "php",
  ".kt": "kotlin",
  ".kts": "kotlin",
};

const baseName = (path: string): string => {
  const slash = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  return slash === -1 ? path : path.slice(slash + 1);
};

/** Which manifest a path is, by its file name, or null. */
export const manifestKind = (path: string): ManifestKind | null => {
  const name = baseName(path).toLowerCase();
  if (name === "package.json") return "package";
  if (name === "go.mod") return "gomod";
  if (name === "cargo.toml") return "cargo";
  if (name === "composer.json") return "composer";
  if (name === "pyproject.toml" || name === "setup.cfg") return "python";
  if (/^(tsconfig|jsconfig)(\..+)?\.json$/.test(name)) return "tsconfig";
  return null;
};

export const detectLanguage = (path: string): LanguageId | null => {
  if (manifestKind(path) !== null) return "manifest";
  const name = baseName(path);
  const dot = name.lastIndexOf(".");
  if (dot <= 0 && !name.startsWith(".")) return null;
  if (name.endsWith(".d.ts")) return "typescript";
  return byExtension[name.slice(dot).toLowerCase()] ?? null;
};

export const isSourceLanguage = (id: string): id is SourceLanguage => (SOURCE_LANGUAGES as ReadonlyArray<string>).includes(id);
