import { describe, expect, it } from "vitest";
import { edgeLines, loadFixture, resolverFor } from "./loadFixture.js";

describe("Go resolution (fixtures/resolve/go-basic)", () => {
  const resolver = resolverFor(loadFixture("go-basic"));

  it("imports a package of the module as all of its files, the standard library as external", () => {
    expect(edgeLines(resolver, "IMPORTS").filter((l) => l.startsWith("IMPORTS cmd/app/main.go"))).toEqual([
      "IMPORTS cmd/app/main.go -> fmt",
      "IMPORTS cmd/app/main.go -> store/memory.go",
      "IMPORTS cmd/app/main.go -> store/store.go",
      "IMPORTS cmd/app/main.go -> store/touch.go",
    ]);
  });

  it("resolves aliased package calls, same-package calls across files and receiver methods", () => {
    expect(edgeLines(resolver, "CALLS")).toEqual(
      expect.arrayContaining([
        "CALLS cmd/app/main.go#main -> store/memory.go#NewMemory",
        "CALLS cmd/app/main.go#main -> cmd/app/main.go#run",
        "CALLS store/memory.go#Memory.Get -> store/store.go#normalize",
        "CALLS store/memory.go#Memory.Put -> store/touch.go#Memory.touch",
      ]),
    );
  });

  it("finds structural interface satisfaction from method sets spread over files", () => {
    const implemented = edgeLines(resolver, "IMPLEMENTS");
    expect(implemented).toEqual(["IMPLEMENTS store/memory.go#Memory -> store/store.go#Store"]);
  });

  it("links Go tests to what they call", () => {
    expect(edgeLines(resolver, "TESTS")).toEqual(["TESTS store/memory_test.go#TestMemory -> store/memory.go#NewMemory"]);
  });
});

describe("Java resolution (fixtures/resolve/java-basic)", () => {
  const resolver = resolverFor(loadFixture("java-basic"));
  const app = "src/main/java/com/acme/app";

  it("resolves imports by package path, inherited and static calls, extends and implements", () => {
    expect(edgeLines(resolver).filter((l) => !l.startsWith("RETURNS"))).toEqual([
      `CALLS ${app}/LoudGreeter.java#LoudGreeter.create -> ${app}/LoudGreeter.java#LoudGreeter`,
      `CALLS ${app}/LoudGreeter.java#LoudGreeter.greet -> ${app}/Base.java#Base.prefix`,
      `CALLS ${app}/LoudGreeter.java#LoudGreeter.greet -> src/main/java/com/acme/util/Strings.java#Strings.upper`,
      `IMPLEMENTS ${app}/LoudGreeter.java#LoudGreeter -> ${app}/Greeter.java#Greeter`,
      `IMPORTS ${app}/LoudGreeter.java -> src/main/java/com/acme/util/Strings.java`,
      `INHERITS ${app}/LoudGreeter.java#LoudGreeter -> ${app}/Base.java#Base`,
    ]);
  });
});
