import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectPath } from "../../src/mcp/projectPath.js";
import { ToolError } from "../../src/mcp/tool.js";
import { removeDir, tempDir } from "../sources/scan/helpers.js";

const root = tempDir("nemesis-paths-");
const outside = tempDir("nemesis-outside-");
mkdirSync(join(root, "src"));
writeFileSync(join(root, "src", "a.ts"), "");
writeFileSync(join(outside, "secret.ts"), "");
symlinkSync(outside, join(root, "escape"));
symlinkSync(join(root, "src"), join(root, "inside"));
afterAll(() => {
  removeDir(root);
  removeDir(outside);
});

const refused = (p: string) => {
  try {
    projectPath(root, p);
  } catch (e) {
    expect(e).toBeInstanceOf(ToolError);
    return (e as Error).message;
  }
  throw new Error(`${p} was accepted`);
};

describe("path arguments are confined to the project's real root", () => {
  it("gives the project-relative path of what lies inside, existing or not", () => {
    expect(projectPath(root, "src/a.ts")).toBe("src/a.ts");
    expect(projectPath(root, "./src/../src/a.ts")).toBe("src/a.ts");
    expect(projectPath(root, join(root, "src"))).toBe("src");
    expect(projectPath(root, ".")).toBe("");
    expect(projectPath(root, "src/deleted.ts")).toBe("src/deleted.ts");
    expect(projectPath(root, "inside/a.ts")).toBe("src/a.ts");
  });

  it("refuses ../, absolute paths elsewhere, symlinks out of the root and NUL bytes", () => {
    expect(refused("../../etc/passwd")).toMatch(/is outside the project/);
    expect(refused("/etc/passwd")).toMatch(/is outside the project/);
    expect(refused("escape/secret.ts")).toMatch(/is outside the project/);
    expect(refused("escape/not-there.ts")).toMatch(/is outside the project/);
    expect(refused("src/a.ts\0.png")).toMatch(/NUL byte/);
    expect(refused(`${root}-sibling/x`)).toMatch(/is outside the project/);
  });
});
