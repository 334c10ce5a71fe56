import { describe, expect, it } from "vitest";
import { condenseImports } from "../../../src/queries/architecture/moduleFlow.js";
import { moduleOf, pythonPackagesOf } from "../../../src/queries/architecture/moduleOf.js";

const markers = (paths: string[], workspaces: string[] = []) => ({ pythonPackages: pythonPackagesOf(paths), workspacePackages: new Set(workspaces) });

describe("moduleOf", () => {
  it("TS/JS: the folder under a source root, a workspace package whole, other folders by their first segment", () => {
    const m = markers([], ["packages/util"]);
    expect(moduleOf("src/shapes/square.ts", m)).toBe("src/shapes");
    expect(moduleOf("src/shapes/deep/more.ts", m)).toBe("src/shapes");
    expect(moduleOf("src/render.ts", m)).toBe("src");
    expect(moduleOf("packages/util/src/index.ts", m)).toBe("packages/util");
    expect(moduleOf("test/render.test.ts", m)).toBe("test");
    expect(moduleOf("package.json", m)).toBe(".");
  });

  it("Python: the top-level package, or its direct subpackage; a file outside packages by its folder", () => {
    const paths = ["sympy/__init__.py", "sympy/core/__init__.py", "sympy/physics/__init__.py", "sympy/physics/quantum/__init__.py", "src/shop/__init__.py"];
    const m = markers(paths);
    expect(moduleOf("sympy/abc.py", m)).toBe("sympy");
    expect(moduleOf("sympy/core/basic.py", m)).toBe("sympy/core");
    expect(moduleOf("sympy/physics/quantum/spin.py", m)).toBe("sympy/physics");
    expect(moduleOf("src/shop/pricing.py", m)).toBe("src/shop");
    expect(moduleOf("py/main.py", m)).toBe("py");
    expect(moduleOf("setup.py", m)).toBe(".");
  });

  it("Go: the package directory", () => {
    const m = markers([]);
    expect(moduleOf("cmd/app/main.go", m)).toBe("cmd/app");
    expect(moduleOf("internal/store/kv/kv.go", m)).toBe("internal/store/kv");
    expect(moduleOf("main.go", m)).toBe(".");
  });
});

describe("condenseImports", () => {
  it("counts file links between distinct groups, heaviest first then by name", () => {
    const group = (p: string) => p.split("/")[0]!;
    const edges = [
      { source: "a/1", target: "b/1" },
      { source: "a/2", target: "b/1" },
      { source: "a/1", target: "a/2" },
      { source: "c/1", target: "a/1" },
      { source: "b/1", target: "a/1" },
    ];
    expect(condenseImports(edges, group)).toEqual([
      { from: "a", to: "b", imports: 2 },
      { from: "b", to: "a", imports: 1 },
      { from: "c", to: "a", imports: 1 },
    ]);
  });
});
