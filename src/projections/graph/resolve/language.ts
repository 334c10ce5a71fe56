/** Resolution rules differ by family, not by dialect: TS, TSX and JS share one. */
export type Family = "ts" | "python" | "go" | "rust" | "java" | "c" | "csharp" | "ruby" | "php" | "kotlin" | "other";

export const familyOf = (language: string): Family => {
  switch (language) {
    case "typescript":
    case "tsx":
    case "javascript":
      return "ts";
    case "python":
    case "csharp":
    case "ruby":
    case "php":
    case "kotlin":
    case "go":
    case "rust":
    case "java":
      return language;
    case "c":
    case "cpp":
      return "c";
    default:
      return "other";
  }
};
