import { describe, expect, it } from "vitest";
import { edgeLines, loadFixture, resolverFor } from "./loadFixture.js";

describe("C# resolution (fixtures/resolve/csharp-shop)", () => {
  const resolver = resolverFor(loadFixture("csharp-shop"));
  it("resolves `using` namespaces to their files; others are external", () => {
    expect(edgeLines(resolver, "IMPORTS")).toEqual([
      "IMPORTS src/Shop/Models/Cart.Totals.cs -> System.Linq",
      "IMPORTS src/Shop/Models/Cart.cs -> System.Collections.Generic",
      "IMPORTS src/Shop/Services/Checkout.cs -> System",
      "IMPORTS src/Shop/Services/Checkout.cs -> src/Shop/Models/Cart.Totals.cs",
      "IMPORTS src/Shop/Services/Checkout.cs -> src/Shop/Models/Cart.cs",
      "IMPORTS src/Shop/Services/Checkout.cs -> src/Shop/Models/Item.cs",
      "IMPORTS tests/Shop.Tests/CheckoutTests.cs -> Xunit",
      "IMPORTS tests/Shop.Tests/CheckoutTests.cs -> src/Shop/Models/Cart.Totals.cs",
      "IMPORTS tests/Shop.Tests/CheckoutTests.cs -> src/Shop/Models/Cart.cs",
      "IMPORTS tests/Shop.Tests/CheckoutTests.cs -> src/Shop/Models/Item.cs",
      "IMPORTS tests/Shop.Tests/CheckoutTests.cs -> src/Shop/Services/Checkout.cs",
    ]);
  });
  it("resolves calls across partial class files, to base methods, constructors and extension methods", () => {
    expect(edgeLines(resolver, "CALLS")).toEqual([
      "CALLS src/Shop/Models/Cart.cs#Cart.Add -> src/Shop/Models/Cart.Totals.cs#Cart.Changed",
      "CALLS src/Shop/Services/Checkout.cs#Checkout.Receipt -> src/Shop/Models/Cart.Totals.cs#Cart.Total",
      "CALLS src/Shop/Services/Checkout.cs#Checkout.Receipt -> src/Shop/Services/Checkout.cs#BaseCheckout.Log",
      "CALLS src/Shop/Services/Checkout.cs#Checkout.Receipt -> src/Shop/Services/Checkout.cs#MoneyExtensions.AsMoney",
      "CALLS tests/Shop.Tests/CheckoutTests.cs#CheckoutTests.ReceiptShowsTotal -> src/Shop/Models/Cart.Totals.cs#Cart",
      "CALLS tests/Shop.Tests/CheckoutTests.cs#CheckoutTests.ReceiptShowsTotal -> src/Shop/Models/Cart.cs#Cart.Add",
      "CALLS tests/Shop.Tests/CheckoutTests.cs#CheckoutTests.ReceiptShowsTotal -> src/Shop/Models/Item.cs#Item",
      "CALLS tests/Shop.Tests/CheckoutTests.cs#CheckoutTests.ReceiptShowsTotal -> src/Shop/Services/Checkout.cs#Checkout.Checkout",
      "CALLS tests/Shop.Tests/CheckoutTests.cs#CheckoutTests.ReceiptShowsTotal -> src/Shop/Services/Checkout.cs#Checkout.Receipt",
    ]);
  });
  it("tells a base class from an interface", () => {
    expect([...edgeLines(resolver, "INHERITS"), ...edgeLines(resolver, "IMPLEMENTS")]).toEqual([...[
      "INHERITS src/Shop/Services/Checkout.cs#Checkout -> src/Shop/Services/Checkout.cs#BaseCheckout",
    ], ...[
      "IMPLEMENTS src/Shop/Models/Cart.cs#Cart -> src/Shop/Models/Item.cs#IPriced",
    ]]);
  });
  it("links an xUnit [Fact] to what it calls", () => {
    expect(edgeLines(resolver, "TESTS")).toEqual([
      "TESTS tests/Shop.Tests/CheckoutTests.cs#CheckoutTests.ReceiptShowsTotal -> src/Shop/Models/Cart.Totals.cs#Cart",
      "TESTS tests/Shop.Tests/CheckoutTests.cs#CheckoutTests.ReceiptShowsTotal -> src/Shop/Models/Cart.cs#Cart.Add",
      "TESTS tests/Shop.Tests/CheckoutTests.cs#CheckoutTests.ReceiptShowsTotal -> src/Shop/Models/Item.cs#Item",
      "TESTS tests/Shop.Tests/CheckoutTests.cs#CheckoutTests.ReceiptShowsTotal -> src/Shop/Services/Checkout.cs#Checkout.Checkout",
      "TESTS tests/Shop.Tests/CheckoutTests.cs#CheckoutTests.ReceiptShowsTotal -> src/Shop/Services/Checkout.cs#Checkout.Receipt",
    ]);
  });
});
