import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeEventLog, openEventLog, readEvents } from "../../src/events/index.js";
import { spawnCli } from "./spawnCli.js";

const line = (o: unknown) => JSON.stringify(o);
const user = (text: string, extra: Record<string, unknown> = {}) => line({ type: "user", sessionId: "s-42", userType: "external", message: { role: "user", content: text }, ...extra });

/** A Claude Code session as its transcript file holds it: the user's turns among everything else. */
const TRANSCRIPT = [
  line({ type: "summary", summary: "Payments refactor" }),
  user("Let's refactor the payments module. From now on, always use the Money type for amounts, never plain floats."),
  line({ type: "assistant", sessionId: "s-42", message: { role: "assistant", content: [{ type: "text", text: "We decided to use floats? No. Always use Money, got it." }] } }),
  user("", { message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "Never call this directly" }] } }),
  user("Should we always round half-even? I think so, but not sure."),
  user("Ok. We decided to keep the old REST endpoint until March because two clients still use it."),
  user("```ts\n// always call init() first\n```\nConvention: payment handlers are named handle<Event>."),
  user("Wir haben entschieden, dass Rückerstattungen nur über die Queue laufen."),
].join("\n");

describe("nemesis learn", () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "nemesis-learn-")));
  const transcript = join(root, "session.jsonl");
  const memoryEvents = () => {
    const log = openEventLog(join(root, ".nemesis", "events.db"));
    try {
      return readEvents(log)
        .filter((e) => ["RuleStored", "DecisionRecorded", "ConventionStored"].includes(e.type))
        .map((e) => ({ type: e.type, text: ((e.data as Record<string, string>).content ?? (e.data as Record<string, string>).title ?? (e.data as Record<string, string>).pattern)!, source: e.meta.source, session: e.meta.session }));
    } finally {
      closeEventLog(log);
    }
  };
  beforeAll(async () => {
    expect((await spawnCli(root, ["init"])).code).toBe(0);
    writeFileSync(transcript, TRANSCRIPT);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("--dry-run lists what the user said durably and stores nothing", async () => {
    const r = await spawnCli(root, ["learn", transcript, "--dry-run"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        "rule       Always use the Money type for amounts, never plain floats.",
        "decision   Keep the old REST endpoint until March because two clients still use it.",
        "convention Payment handlers are named handle<Event>.",
        "decision   Rückerstattungen nur über die Queue laufen.",
        "",
      ].join("\n"),
    );
    expect(memoryEvents()).toEqual([]);
  });

  it("stores each with source auto-learn and the session, once however often it runs", async () => {
    const first = await spawnCli(root, ["learn", transcript]);
    expect(first.stderr).toBe("");
    expect(first.stdout).toMatch(/4 stored, 0 already known or refused, from 5 user turns\n$/);
    const second = await spawnCli(root, ["learn", transcript]);
    expect(second.stdout).toMatch(/0 stored, 4 already known or refused/);
    expect(memoryEvents()).toEqual([
      { type: "RuleStored", text: "Always use the Money type for amounts, never plain floats.", source: "auto-learn", session: "s-42" },
      { type: "DecisionRecorded", text: "Keep the old REST endpoint until March because two clients still use it.", source: "auto-learn", session: "s-42" },
      { type: "ConventionStored", text: "Payment handlers are named handle<Event>.", source: "auto-learn", session: "s-42" },
      { type: "DecisionRecorded", text: "Rückerstattungen nur über die Queue laufen.", source: "auto-learn", session: "s-42" },
    ]);
    const rules = await spawnCli(root, ["rule", "list"]);
    expect(rules.stdout).toContain("auto-learn");
  });

  it("says what to pass when the transcript cannot be read", async () => {
    const r = await spawnCli(root, ["learn", join(root, "missing.jsonl")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/cannot read the transcript .*missing\.jsonl \(no such file\): pass the \.jsonl file of a session/);
  });
});
