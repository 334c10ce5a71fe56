import { describe, expect, it } from "vitest";
import { EVENT_SOURCES, EVENT_TYPES, EventCatalog, EventSource } from "../../src/events/index.js";

describe("event names", () => {
  it("the plain lists match the catalog and the source schema (add a new type to both)", () => {
    expect([...EVENT_TYPES].sort()).toEqual(Object.keys(EventCatalog).sort());
    expect([...EVENT_SOURCES]).toEqual([...EventSource.literals]);
  });
});
