import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { FileParsed } from "../../src/events/types/parse.js";
import { parseSource } from "../../src/parse/index.js";
import { renderCase } from "./renderSnapshot.js";
import * as Schema from "effect/Schema";

// Golden extraction snapshots: fixtures/parse/<case>/input/** is parsed and compared with
// fixtures/parse/<case>/expected.json. Refresh with: UPDATE_SNAPSHOTS=1 npx vitest run test/parse
const root = join(import.meta.dirname, "../../fixtures/parse");
const update = process.env.UPDATE_SNAPSHOTS === "1";

const filesUnder = (dir: string): string[] => {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length > 0) {
    const current = stack.pop()!;
    for (const name of readdirSync(current)) {
      const full = join(current, name);
      if (statSync(full).isDirectory()) stack.push(full);
      else out.push(full);
    }
  }
  return out.sort();
};

const cases = readdirSync(root).filter((name) => existsSync(join(root, name, "input")));

describe("golden extraction snapshots", () => {
  it("has cases", () => {
    expect(cases.length).toBeGreaterThan(5);
  });

  for (const name of cases) {
    it(name, () => {
      const input = join(root, name, "input");
      const files = filesUnder(input).map((full) => {
        const path = relative(input, full).split("\\").join("/");
        const outcome = parseSource({ path, text: readFileSync(full, "utf8"), contentHash: "fixture" });
        if (outcome.ok) Schema.decodeUnknownSync(FileParsed)(JSON.parse(JSON.stringify(outcome.result)));
        return { path, outcome };
      });
      const actual = renderCase(files);
      const expectedPath = join(root, name, "expected.json");
      if (update || !existsSync(expectedPath)) {
        writeFileSync(expectedPath, actual);
        if (!update) throw new Error(`wrote missing snapshot ${expectedPath}; review it and run again`);
        return;
      }
      expect(actual).toBe(readFileSync(expectedPath, "utf8"));
    });
  }
});
