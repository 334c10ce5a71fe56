import { describe, expect, it } from "vitest";
import { edgeLines, loadFixture, parse, resolverFor } from "./loadFixture.js";

describe("PHP resolution (fixtures/resolve/php-shop)", () => {
  const resolver = resolverFor(loadFixture("php-shop"));
  it("resolves `use` through composer's PSR-4 autoload (a function to its namespace's files); vendor names are external", () => {
    expect(edgeLines(resolver, "IMPORTS")).toEqual([
      "IMPORTS src/Http/OrderController.php -> Psr\\Log",
      "IMPORTS src/Http/OrderController.php -> src/Models/Customer.php",
      "IMPORTS src/Http/OrderController.php -> src/Models/Model.php",
      "IMPORTS src/Http/OrderController.php -> src/Models/Order.php",
      "IMPORTS src/Models/Order.php -> src/Support/Loggable.php",
      "IMPORTS tests/OrderTest.php -> PHPUnit\\Framework",
      "IMPORTS tests/OrderTest.php -> src/Models/Customer.php",
      "IMPORTS tests/OrderTest.php -> src/Models/Order.php",
    ]);
  });
  it("resolves static calls, typed properties and promoted constructor parameters, traits, the parent class and full names", () => {
    expect(edgeLines(resolver, "CALLS")).toEqual([
      "CALLS src/Http/OrderController.php#OrderController.store -> src/Models/Customer.php#Customer",
      "CALLS src/Http/OrderController.php#OrderController.store -> src/Models/Model.php#Model.find",
      "CALLS src/Http/OrderController.php#OrderController.store -> src/Models/Model.php#Model.save",
      "CALLS src/Http/OrderController.php#OrderController.store -> src/Models/Order.php#Order.__construct",
      "CALLS src/Http/OrderController.php#OrderController.store -> src/Support/helpers.php#format_money",
      "CALLS src/Models/Order.php#Order.__construct -> src/Models/LineItems.php#LineItems",
      "CALLS src/Models/Order.php#Order.add -> src/Models/Customer.php#Customer.notify",
      "CALLS src/Models/Order.php#Order.add -> src/Models/LineItems.php#LineItems.push",
      "CALLS src/Models/Order.php#Order.add -> src/Support/Loggable.php#Loggable.log",
      "CALLS tests/OrderTest.php#OrderTest.testAddsItems -> src/Models/Customer.php#Customer",
      "CALLS tests/OrderTest.php#OrderTest.testAddsItems -> src/Models/Model.php#Model.save",
      "CALLS tests/OrderTest.php#OrderTest.testAddsItems -> src/Models/Order.php#Order.__construct",
      "CALLS tests/OrderTest.php#OrderTest.testAddsItems -> src/Models/Order.php#Order.add",
    ]);
  });
  it("resolves the parent class and a trait", () => {
    expect([...edgeLines(resolver, "INHERITS"), ...edgeLines(resolver, "IMPLEMENTS")]).toEqual([...[
      "INHERITS src/Models/Order.php#Order -> src/Models/Model.php#Model",
    ], ...[
      "IMPLEMENTS src/Models/Order.php#Order -> src/Support/Loggable.php#Loggable",
    ]]);
  });
  it("links a PHPUnit test method to what it calls", () => {
    expect(edgeLines(resolver, "TESTS")).toEqual([
      "TESTS tests/OrderTest.php#OrderTest.testAddsItems -> src/Models/Customer.php#Customer",
      "TESTS tests/OrderTest.php#OrderTest.testAddsItems -> src/Models/Model.php#Model.save",
      "TESTS tests/OrderTest.php#OrderTest.testAddsItems -> src/Models/Order.php#Order.__construct",
      "TESTS tests/OrderTest.php#OrderTest.testAddsItems -> src/Models/Order.php#Order.add",
    ]);
  });
  it("records the same dependencies, in the same order, whether a name's answer is worked out or reused from another file's resolution", () => {
    const sources = loadFixture("php-shop");
    const alone = (path: string): string[] => {
      const fresh = resolverFor(sources);
      fresh.resolve(path);
      return [...(fresh.dependencies?.(path) ?? [])];
    };
    const paths = [...resolver.files()];
    for (const path of paths) resolver.resolve(path);
    for (const path of paths) expect([...(resolver.dependencies?.(path) ?? [])], path).toEqual(alone(path));
    // A change empties what was reused: the answers follow the file moved under another name.
    const moved = resolverFor(sources);
    for (const path of paths) moved.resolve(path);
    moved.remove("src/Models/Customer.php");
    moved.upsert(parse("lib/Customer.php", sources.get("src/Models/Customer.php")!));
    const fresh = resolverFor(new Map([...sources].filter(([p]) => p !== "src/Models/Customer.php")));
    fresh.upsert(parse("lib/Customer.php", sources.get("src/Models/Customer.php")!));
    expect(edgeLines(moved)).toEqual(edgeLines(fresh));
  });
});
