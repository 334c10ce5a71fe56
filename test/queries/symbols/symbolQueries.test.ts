import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphQueryable } from "../../../src/projections/index.js";
import { fileSymbols, resolveSymbol, searchNodes, type SymbolResolution } from "../../../src/queries/symbols/index.js";
import { indexedFixture, type IndexedProject } from "../../mcp/harness.js";

let python: IndexedProject;
let java: IndexedProject;
let py: GraphQueryable;
let jv: GraphQueryable;
beforeAll(async () => {
  python = await indexedFixture("resolve/py-basic");
  java = await indexedFixture("resolve/java-basic");
  py = (await python.context().graph())!;
  jv = (await java.context().graph())!;
}, 90_000);
afterAll(async () => {
  await python?.close();
  await java?.close();
});

const pick = (r: SymbolResolution) => (r._tag === "Resolved" ? `${r.match} ${r.node.id}` : `unresolved ${r.closest.map((c) => c.id).join(",")}`);

describe("resolveSymbol over indexed graphs", () => {
  it("Python: module paths, packages and methods", async () => {
    expect(pick(await resolveSymbol(py, "shop.models.order.Order"))).toBe("suffix s:src/shop/models/order.py#Order");
    expect(pick(await resolveSymbol(py, "models.Order"))).toBe("suffix s:src/shop/models/order.py#Order");
    expect(pick(await resolveSymbol(py, "shop.models"))).toBe("suffix f:src/shop/models/__init__.py");
    expect(pick(await resolveSymbol(py, "order.Order.price"))).toBe("suffix s:src/shop/models/order.py#Order.price");
    expect(pick(await resolveSymbol(py, "Order.__init__"))).toBe("exact s:src/shop/models/order.py#Order.__init__");
    expect(pick(await resolveSymbol(py, "src/shop/pricing.py:total"))).toBe("exact s:src/shop/pricing.py#total");
    expect(pick(await resolveSymbol(py, "pricing.py:7"))).toBe("suffix s:src/shop/pricing.py#total");
  });

  it("Python: `describe` names two methods; the base class's is chosen (shorter path), the override named", async () => {
    const r = await resolveSymbol(py, "describe");
    expect(r._tag === "Resolved" && [r.node.id, ...r.others.map((o) => o.id)]).toEqual([
      "s:src/shop/models/base.py#Entity.describe",
      "s:src/shop/models/customer.py#Customer.describe",
    ]);
  });

  it("Java: package-qualified names", async () => {
    expect(pick(await resolveSymbol(jv, "com.acme.app.Greeter"))).toBe("suffix s:src/main/java/com/acme/app/Greeter.java#Greeter");
    expect(pick(await resolveSymbol(jv, "acme.util.Strings.upper"))).toBe("suffix s:src/main/java/com/acme/util/Strings.java#Strings.upper");
    expect(pick(await resolveSymbol(jv, "loud_greeter"))).toBe("normalised s:src/main/java/com/acme/app/LoudGreeter.java#LoudGreeter");
    expect(pick(await resolveSymbol(jv, "LoudGreter"))).toBe("fuzzy s:src/main/java/com/acme/app/LoudGreeter.java#LoudGreeter");
  });
});

describe("searchNodes", () => {
  it("every tier, ranked, limited", async () => {
    const found = await searchNodes(py, "order");
    expect(found.hits.slice(0, 2).map((h) => `${h.match} ${h.node.kind} ${h.node.qualifiedName}`)).toEqual([
      "suffix File src/shop/models/order.py",
      "normalised Class Order",
    ]);
    const classes = await searchNodes(py, "order", { kinds: ["Class"], limit: 1 });
    expect(classes.hits.map((h) => h.node.id)).toEqual(["s:src/shop/models/order.py#Order"]);
  });
});

describe("fileSymbols", () => {
  it("a file's symbols in line order with signature, doc line and export flag; null for a path not in the graph", async () => {
    const base = await fileSymbols(py, "src/shop/models/base.py");
    expect(base?.language).toBe("python");
    expect(base?.symbols.map((s) => `${s.startLine}-${s.endLine} ${s.kind} ${s.qualifiedName} ${s.exported ? "exported" : "-"}`)).toEqual([
      "4-9 Class Entity exported",
      "5-6 Method Entity.key -",
      "8-9 Method Entity.describe -",
      "12-14 Class Priced exported",
      "13-13 Method Priced.price -",
      "14-14 Method Priced.currency -",
    ]);
    expect(base?.symbols[3]?.signature).toBe("class Priced(Protocol)");
    expect(await fileSymbols(py, "src/shop/nothing.py")).toBeNull();
  });
});
