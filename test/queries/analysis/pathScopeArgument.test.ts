import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as Either from "effect/Either";
import { afterAll, describe, expect, it } from "vitest";
import { inScope } from "../../../src/queries/analysis/PathScope.js";
import { checkPathScope, parsePathScope, pathScope } from "../../../src/queries/analysis/pathScopeArgument.js";
import { tempDir } from "../../helpers.js";

const t = tempDir("nemesis-path-scope-");
const root = realpathSync(t.dir);
mkdirSync(join(root, "src/middleware"), { recursive: true });
mkdirSync(join(root, "docs"));
writeFileSync(join(root, "src/middleware/jwt.ts"), "");
afterAll(() => t.cleanup());

const INDEXED = ["src/middleware/jwt.ts", "src/middleware/cors.ts", "src/app.ts", "src/app/[id]/page.tsx", "lib/util.py"];
const scopeOf = (text: string | undefined) => pathScope(root, text, () => INDEXED, "path");
const selected = (text: string) => INDEXED.filter(inScope(Either.getOrThrow(scopeOf(text))));
const refusal = (text: string) => Either.match(scopeOf(text), { onLeft: (m) => m, onRight: (s) => `accepted as ${JSON.stringify(s)}` });

describe("pathScope: one reading of a path argument for every tool and command", () => {
  it("reads a folder without glob characters as everything under it", () => {
    expect(scopeOf("src/middleware")).toEqual(Either.right({ kind: "path", path: "src/middleware" }));
    expect(selected("src/middleware")).toEqual(["src/middleware/jwt.ts", "src/middleware/cors.ts"]);
    expect(selected("src/middleware/")).toEqual(["src/middleware/jwt.ts", "src/middleware/cors.ts"]);
    expect(selected("./src/middleware")).toEqual(["src/middleware/jwt.ts", "src/middleware/cors.ts"]);
    expect(selected(join(root, "src/middleware"))).toEqual(["src/middleware/jwt.ts", "src/middleware/cors.ts"]);
    // A folder is not a prefix of names: src/app is not src/app.ts.
    expect(selected("src/app")).toEqual(["src/app/[id]/page.tsx"]);
  });

  it("reads a file as that file, a glob as a glob, and the root or nothing as everything", () => {
    expect(selected("src/app.ts")).toEqual(["src/app.ts"]);
    expect(selected("src/**/*.ts")).toEqual(["src/middleware/jwt.ts", "src/middleware/cors.ts", "src/app.ts"]);
    expect(selected("**/*.py")).toEqual(["lib/util.py"]);
    // Brackets in a real path (Next.js routes) name that path, not a character class.
    expect(selected("src/app/[id]/page.tsx")).toEqual(["src/app/[id]/page.tsx"]);
    for (const all of [undefined, "", " ", ".", root]) expect(scopeOf(all)).toEqual(Either.right({ kind: "all" }));
  });

  it("refuses a path that names nothing indexed, and says what is near", () => {
    expect(refusal("src/middlewar")).toBe(
      'path "src/middlewar" names no indexed file and no folder holding one (misspelt, ignored, or in no language Nemesis parses); indexed near it: src/middleware. Paths are relative to the project root: a folder means everything under it, and a glob such as src/**/*.ts also works.',
    );
    // On disk but with no indexed file under it.
    expect(refusal("docs")).toMatch(/^path "docs" names no indexed file and no folder holding one/);
    expect(refusal("src/nothing/here.ts")).toMatch(/indexed near it: src\/app, src\/app\.ts, src\/middleware/);
    expect(refusal("src/**/*.rb")).toBe('path "src/**/*.rb" matches no indexed file. Paths are relative to the project root: a folder means everything under it, and a glob such as src/**/*.ts also works.');
  });

  it("refuses what lies outside the project, before reading the index", () => {
    const never = () => {
      throw new Error("the index was read for a path refused anyway");
    };
    const outside = (text: string) => Either.match(pathScope(root, text, never, "--path"), { onLeft: (m) => m, onRight: () => "accepted" });
    expect(outside("/etc")).toBe(`--path "/etc" is outside the project (${root}): pass a path relative to the project root`);
    expect(outside("../x")).toMatch(/^--path "..\/x" is outside the project/);
    expect(outside("/etc/**/*.conf")).toMatch(/^--path "\/etc" is outside the project/);
    expect(outside("src/**/../../x")).toMatch(/^--path "src\/\*\*\/..\/..\/x": a glob may not climb out with ".."/);
    expect(parsePathScope(root, "src\0x", "path")).toEqual(Either.left("path: the path contains a NUL byte: pass a plain path relative to the project root"));
  });

  it("checks a parsed scope against any list of indexed paths", () => {
    expect(checkPathScope({ kind: "all" }, "", [], "scope")).toEqual(Either.right({ kind: "all" }));
    expect(checkPathScope({ kind: "path", path: "lib" }, "lib", INDEXED, "scope")).toEqual(Either.right({ kind: "path", path: "lib" }));
    expect(Either.isLeft(checkPathScope({ kind: "path", path: "lib" }, "lib", [], "scope"))).toBe(true);
  });
});
