import * as Either from "effect/Either";
import { afterEach, describe, expect, it } from "vitest";
import { recordContextServed } from "../../src/commands/index.js";
import type { ContextServed } from "../../src/events/index.js";
import { meta, scenario } from "./harness.js";

const served = (over: Partial<ContextServed> = {}): ContextServed => ({
  session: "s1",
  client: "claude-code",
  tool: "get_smart_context",
  task: "fix the totals",
  files: ["a.ts"],
  symbols: [],
  rules: [],
  tokens: 1_000,
  ...over,
});

describe("recordContextServed", () => {
  let s = scenario();
  afterEach(() => {
    s.close();
    s = scenario();
  });

  it("appends to the session's stream, one version after another, with the session in the meta", () => {
    s.given([{ stream: "context:s1", type: "ContextServed", data: served() }]);
    const result = s.when(recordContextServed({ served: served({ task: "second" }), keepTask: true, meta }));
    expect(Either.isRight(result)).toBe(true);
    const [event] = s.newEvents();
    expect(event).toMatchObject({ stream: "context:s1", version: 2, type: "ContextServed", meta: { ...meta, session: "s1" }, data: served({ task: "second" }) });
    expect(Either.getOrThrow(result)).toBe(event!.position);
    s.when(recordContextServed({ served: served({ session: null }), keepTask: true, meta }));
    expect(s.newEvents()[1]).toMatchObject({ stream: "context:-", meta });
  });

  it("drops the task when tasks are not kept, and bounds what it stores", () => {
    s.given([]);
    const many = Array.from({ length: 300 }, (_, i) => `f${i}.ts`);
    s.when(recordContextServed({ served: served({ files: ["a.ts", "a.ts", "", ...many], tokens: 12.6 }), keepTask: false, meta }));
    s.when(recordContextServed({ served: served({ task: "x".repeat(5_000) }), keepTask: true, meta }));
    const [first, second] = s.newEvents().map((e) => e.data as ContextServed);
    expect(first!.task).toBeNull();
    expect(first!.files).toHaveLength(200);
    expect(first!.files.slice(0, 2)).toEqual(["a.ts", "f0.ts"]);
    expect(first!.tokens).toBe(13);
    expect(second!.task).toHaveLength(2_000);
  });
});
