import { describe, expect, it } from "vitest";
import { EVENT_SOURCES, EVENT_TYPES, EventCatalog, EventSource, GRAPH_EVENT_TYPES, MEMORY_EVENT_TYPES } from "../../src/events/index.js";
import * as graphSchemas from "../../src/events/types/graphs.js";
import * as memorySchemas from "../../src/events/types/memory.js";

describe("event names", () => {
  it("the plain lists match the catalog and the source schema (add a new type to both)", () => {
    expect([...EVENT_TYPES].sort()).toEqual(Object.keys(EventCatalog).sort());
    expect([...EVENT_SOURCES]).toEqual([...EventSource.literals]);
  });

  it("the memory types are the catalog's events whose schema is a memory schema (log --memory shows them)", () => {
    const schemas: ReadonlyArray<unknown> = Object.values(memorySchemas);
    const memory = Object.entries(EventCatalog).filter(([, d]) => schemas.includes(d.schema)).map(([type]) => type);
    expect([...MEMORY_EVENT_TYPES].sort()).toEqual(memory.sort());
  });

  it("the graph types are the catalog's events whose schema is a graph schema (log --graphs shows them)", () => {
    const schemas: ReadonlyArray<unknown> = Object.values(graphSchemas);
    const graph = Object.entries(EventCatalog).filter(([, d]) => schemas.includes(d.schema)).map(([type]) => type);
    expect([...GRAPH_EVENT_TYPES].sort()).toEqual(graph.sort());
  });
});
