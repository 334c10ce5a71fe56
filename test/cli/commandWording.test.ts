import { describe, expect, it } from "vitest";
import { commandWording } from "../../src/cli/askTool.js";

describe("a tool's advice on the command line", () => {
  it("names the command for each tool it names", () => {
    expect(commandWording("nothing is indexed yet: run index_project first")).toBe("nothing is indexed yet: run `nemesis index` first");
    expect(commandWording("2 files changed on disk since indexed (a.py, b.py): call index_project")).toBe("2 files changed on disk since indexed (a.py, b.py): run `nemesis index`");
    expect(commandWording("ask again in a moment (index_status shows how far it got)")).toBe("ask again in a moment (`nemesis status` shows how far it got)");
    expect(commandWording("no lines match")).toBe("no lines match");
  });
});
