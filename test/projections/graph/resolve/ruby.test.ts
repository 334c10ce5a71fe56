import { describe, expect, it } from "vitest";
import { edgeLines, loadFixture, resolverFor } from "./loadFixture.js";

describe("Ruby resolution (fixtures/resolve/ruby-shop)", () => {
  const resolver = resolverFor(loadFixture("ruby-shop"));
  it("resolves require and require_relative; gems are external", () => {
    expect(edgeLines(resolver, "IMPORTS")).toEqual([
      "IMPORTS lib/shop.rb -> json",
      "IMPORTS lib/shop.rb -> lib/shop/cart.rb",
      "IMPORTS lib/shop.rb -> lib/shop/item.rb",
      "IMPORTS lib/shop/cart.rb -> lib/shop/item.rb",
      "IMPORTS spec/cart_spec.rb -> lib/shop/cart.rb",
    ]);
  });
  it("resolves calls by constant path, receiver type (`x = Foo.new`, `@x = Foo.new`), self, mixins and the superclass", () => {
    expect(edgeLines(resolver, "CALLS")).toEqual([
      "CALLS lib/shop.rb#Shop.checkout -> lib/pricing.rb#Pricing.format",
      "CALLS lib/shop.rb#Shop.checkout -> lib/shop/cart.rb#Shop.Cart.add",
      "CALLS lib/shop.rb#Shop.checkout -> lib/shop/cart.rb#Shop.Cart.initialize",
      "CALLS lib/shop.rb#Shop.checkout -> lib/shop/cart.rb#Shop.Cart.total",
      "CALLS lib/shop/cart.rb#Shop.Cart.add -> lib/shop/item.rb#Shop.Base.log",
      "CALLS lib/shop/cart.rb#Shop.Cart.add -> lib/shop/ledger.rb#Ledger.record",
      "CALLS lib/shop/cart.rb#Shop.Cart.initialize -> lib/shop/ledger.rb#Ledger",
      "CALLS lib/shop/cart.rb#Shop.Cart.total -> lib/shop/discountable.rb#Discountable.apply_discount",
      "CALLS spec/cart_spec.rb#adds items -> lib/shop/cart.rb#Shop.Cart.add",
      "CALLS spec/cart_spec.rb#adds items -> lib/shop/cart.rb#Shop.Cart.initialize",
      "CALLS spec/cart_spec.rb#adds items -> lib/shop/cart.rb#Shop.Cart.total",
      "CALLS spec/cart_spec.rb#adds items -> lib/shop/item.rb#Shop.Item.initialize",
    ]);
  });
  it("resolves a superclass in the enclosing module and a mixin by its file name", () => {
    expect([...edgeLines(resolver, "INHERITS"), ...edgeLines(resolver, "IMPLEMENTS")]).toEqual([...[
      "INHERITS lib/shop/cart.rb#Shop.Cart -> lib/shop/item.rb#Shop.Base",
    ], ...[
      "IMPLEMENTS lib/shop/cart.rb#Shop.Cart -> lib/shop/discountable.rb#Discountable",
    ]]);
  });
  it("links an RSpec example to what it calls", () => {
    expect(edgeLines(resolver, "TESTS")).toEqual([
      "TESTS spec/cart_spec.rb#adds items -> lib/shop/cart.rb#Shop.Cart.add",
      "TESTS spec/cart_spec.rb#adds items -> lib/shop/cart.rb#Shop.Cart.initialize",
      "TESTS spec/cart_spec.rb#adds items -> lib/shop/cart.rb#Shop.Cart.total",
      "TESTS spec/cart_spec.rb#adds items -> lib/shop/item.rb#Shop.Item.initialize",
    ]);
  });
});
