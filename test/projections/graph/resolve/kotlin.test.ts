import { describe, expect, it } from "vitest";
import { edgeLines, loadFixture, resolverFor } from "./loadFixture.js";

describe("Kotlin resolution (fixtures/resolve/kotlin-shop)", () => {
  const resolver = resolverFor(loadFixture("kotlin-shop"));
  it("resolves imports of classes to the file of their package declaring them; libraries are external", () => {
    expect(edgeLines(resolver, "IMPORTS")).toEqual([
      "IMPORTS src/main/kotlin/com/acme/shop/Cart.kt -> src/main/kotlin/com/acme/util/Logger.kt",
      "IMPORTS src/test/kotlin/com/acme/shop/CartTest.kt -> kotlin.test",
    ]);
  });
  it("resolves companion object members, extension functions (and the calls inside them), constructor properties, the superclass and objects", () => {
    expect(edgeLines(resolver, "CALLS")).toEqual([
      "CALLS src/main/kotlin/com/acme/shop/Cart.kt#Base.log -> src/main/kotlin/com/acme/util/Logger.kt#Logger.info",
      "CALLS src/main/kotlin/com/acme/shop/Cart.kt#Cart.add -> src/main/kotlin/com/acme/shop/Cart.kt#Base.log",
      "CALLS src/main/kotlin/com/acme/shop/Cart.kt#Cart.add -> src/main/kotlin/com/acme/shop/Cart.kt#Ledger.record",
      "CALLS src/main/kotlin/com/acme/shop/Cart.kt#Cart.empty -> src/main/kotlin/com/acme/shop/Cart.kt#Cart",
      "CALLS src/main/kotlin/com/acme/shop/Cart.kt#Cart.empty -> src/main/kotlin/com/acme/shop/Cart.kt#Ledger",
      "CALLS src/main/kotlin/com/acme/shop/CartExtensions.kt#Cart.isEmpty -> src/main/kotlin/com/acme/shop/Cart.kt#Cart.total",
      "CALLS src/test/kotlin/com/acme/shop/CartTest.kt#CartTest.startsEmpty -> src/main/kotlin/com/acme/shop/Cart.kt#Cart.add",
      "CALLS src/test/kotlin/com/acme/shop/CartTest.kt#CartTest.startsEmpty -> src/main/kotlin/com/acme/shop/Cart.kt#Cart.empty",
      "CALLS src/test/kotlin/com/acme/shop/CartTest.kt#CartTest.startsEmpty -> src/main/kotlin/com/acme/shop/CartExtensions.kt#Cart.isEmpty",
      "CALLS src/test/kotlin/com/acme/shop/CartTest.kt#CartTest.startsEmpty -> src/main/kotlin/com/acme/shop/Item.kt#Item",
    ]);
  });
  it("tells the superclass (a constructor call) from an interface", () => {
    expect([...edgeLines(resolver, "INHERITS"), ...edgeLines(resolver, "IMPLEMENTS")]).toEqual([...[
      "INHERITS src/main/kotlin/com/acme/shop/Cart.kt#Cart -> src/main/kotlin/com/acme/shop/Cart.kt#Base",
    ], ...[
      "IMPLEMENTS src/main/kotlin/com/acme/shop/Cart.kt#Cart -> src/main/kotlin/com/acme/shop/Item.kt#Priced",
    ]]);
  });
  it("links a @Test function to what it calls", () => {
    expect(edgeLines(resolver, "TESTS")).toEqual([
      "TESTS src/test/kotlin/com/acme/shop/CartTest.kt#CartTest.startsEmpty -> src/main/kotlin/com/acme/shop/Cart.kt#Cart.add",
      "TESTS src/test/kotlin/com/acme/shop/CartTest.kt#CartTest.startsEmpty -> src/main/kotlin/com/acme/shop/Cart.kt#Cart.empty",
      "TESTS src/test/kotlin/com/acme/shop/CartTest.kt#CartTest.startsEmpty -> src/main/kotlin/com/acme/shop/CartExtensions.kt#Cart.isEmpty",
      "TESTS src/test/kotlin/com/acme/shop/CartTest.kt#CartTest.startsEmpty -> src/main/kotlin/com/acme/shop/Item.kt#Item",
    ]);
  });
});
