import { describe, expect, it } from "vitest";
import { handleCommand, isTaggedError, InvalidInput, storeRule, type Decision } from "../../src/commands/index.js";
import { InMemoryEventStore, type EventStore } from "../../src/events/index.js";
import { meta } from "./harness.js";

const counter = (store: EventStore) => store.streamVersion("counter");
const bump = (version: number): Decision<number> => ({
  appends: [{ stream: "counter", expectedVersion: version, events: [{ type: "Bumped", data: { from: version }, meta }] }],
  answer: (appended) => appended.versions[0]!,
});

describe("handleCommand: read, decide, append with the version read", () => {
  it("appends what the decision says and answers from the append", () => {
    const store = new InMemoryEventStore();
    expect(handleCommand(store, counter, bump)).toBe(1);
    expect(handleCommand(store, counter, bump)).toBe(2);
    expect(store.read().map((e) => e.data)).toEqual([{ from: 0 }, { from: 1 }]);
  });

  it("when another writer moves the stream between the read and the append, reads and decides again", () => {
    const store = new InMemoryEventStore();
    let reads = 0;
    const racedRead = (s: EventStore) => {
      const version = counter(s);
      // The rival's write lands after our first read.
      if (reads++ === 0) s.append([{ stream: "counter", expectedVersion: version, events: [{ type: "Bumped", data: { from: "rival" }, meta }] }]);
      return version;
    };
    expect(handleCommand(store, racedRead, bump)).toBe(2);
    expect(reads).toBe(2);
    expect(store.read().map((e) => e.data)).toEqual([{ from: "rival" }, { from: 1 }]);
  });

  it("returns a refusal as a value, also one reached only on the second decision, and writes nothing for it", () => {
    const store = new InMemoryEventStore();
    const refuse = new InvalidInput({ field: "n", reason: "is taken" });
    expect(handleCommand(store, counter, () => refuse)).toBe(refuse);
    let reads = 0;
    const outcome = handleCommand(
      store,
      (s) => {
        if (reads++ === 0) s.append([{ stream: "counter", expectedVersion: "any", events: [{ type: "Bumped", data: {}, meta }] }]);
        return counter(s);
      },
      (version) => (version > 0 ? refuse : bump(version)),
    );
    expect(outcome).toBe(refuse);
    expect(store.head()).toBe(1);
  });

  it("runs a memory command on either driver: the in-memory store keeps the same promises", () => {
    const store = new InMemoryEventStore();
    const stored = storeRule({ content: "Never log tokens", meta })(store);
    expect(isTaggedError(stored)).toBe(false);
    const again = storeRule({ content: "never LOG tokens.", meta })(store);
    expect(again).toMatchObject({ _tag: "DuplicateContent" });
    expect(store.read().map((e) => e.type)).toEqual(["RuleStored"]);
  });
});
