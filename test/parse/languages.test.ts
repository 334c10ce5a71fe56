import { describe, expect, it } from "vitest";
import { detectLanguage, manifestKind } from "../../src/parse/index.js";

describe("detectLanguage", () => {
  it.each([
    ["src/a.ts", "typescript"],
    ["src/a.d.ts", "typescript"],
    ["src/a.mts", "typescript"],
    ["src/App.tsx", "tsx"],
    ["a.js", "javascript"],
    ["a.jsx", "javascript"],
    ["a.mjs", "javascript"],
    ["a.cjs", "javascript"],
    ["pkg/a.py", "python"],
    ["pkg/a.pyi", "python"],
    ["main.go", "go"],
    ["lib.rs", "rust"],
    ["A.java", "java"],
    ["src/list.c", "c"],
    ["include/list.h", "cpp"],
    ["src/shape.cpp", "cpp"],
    ["src/shape.cc", "cpp"],
    ["include/shape.hpp", "cpp"],
    ["src/Cart.cs", "csharp"],
    ["lib/cart.rb", "ruby"],
    ["lib/tasks/db.rake", "ruby"],
    ["src/Order.php", "php"],
    ["src/Cart.kt", "kotlin"],
    ["build.gradle.kts", "kotlin"],
    ["composer.json", "manifest"],
    ["tsconfig.json", "manifest"],
    ["packages/web/tsconfig.build.json", "manifest"],
    ["jsconfig.json", "manifest"],
    ["package.json", "manifest"],
    ["go.mod", "manifest"],
    ["pyproject.toml", "manifest"],
    ["setup.cfg", "manifest"],
    ["Cargo.toml", "manifest"],
  ])("%s is %s", (path, language) => {
    expect(detectLanguage(path)).toBe(language);
  });

  it.each(["README.md", "data.json", "Makefile", ".gitignore", "a.tsx.bak", "go.sum", "settings.toml"])("%s has no parser", (path) => {
    expect(detectLanguage(path)).toBeNull();
  });

  it("names the manifest kind", () => {
    expect(manifestKind("a/tsconfig.base.json")).toBe("tsconfig");
    expect(manifestKind("a/package.json")).toBe("package");
    expect(manifestKind("go.mod")).toBe("gomod");
    expect(manifestKind("Cargo.toml")).toBe("cargo");
    expect(manifestKind("app/composer.json")).toBe("composer");
    expect(manifestKind("src/main.ts")).toBeNull();
  });
});
