import { describe, expect, it } from "vitest";
import { parseSince } from "../../../src/queries/changes/index.js";

const now = new Date("2026-12-06T12:00:00Z");

describe("parseSince", () => {
  it.each([
    ["1200", { kind: "position", position: 1200 }],
    ["#0", { kind: "position", position: 0 }],
    ["2h", { kind: "time", at: new Date("2026-12-06T10:00:00Z") }],
    ["45m", { kind: "time", at: new Date("2026-12-06T11:15:00Z") }],
    ["3d ago", { kind: "time", at: new Date("2026-12-03T12:00:00Z") }],
    ["1w", { kind: "time", at: new Date("2026-11-29T12:00:00Z") }],
    ["2026-12-01", { kind: "time", at: new Date("2026-12-01T00:00:00Z") }],
    ["2026-12-01T14:30Z", { kind: "time", at: new Date("2026-12-01T14:30:00Z") }],
    ["session:abc", { kind: "ref", ref: "abc", only: "session" }],
    ["commit:1a2b3c4", { kind: "ref", ref: "1a2b3c4", only: "commit" }],
    ["1a2b3c4d", { kind: "ref", ref: "1a2b3c4d" }],
    ["5f2c-session-id", { kind: "ref", ref: "5f2c-session-id" }],
  ])("reads %s", (text, since) => {
    expect(parseSince(text, now)).toEqual({ ok: true, since });
  });

  it.each([
    ["", /since is empty: pass a session id .* or leave it out for your previous session/],
    ["5x", /"5x" is not a duration Nemesis reads: use m, h, d or w/],
    ["3 fortnights", /not a duration Nemesis reads/],
    ["2026-13-45", /looks like a date but is not one: write it as 2026-12-01/],
  ])("refuses %j with what to write instead", (text, message) => {
    const parsed = parseSince(text, now);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});
