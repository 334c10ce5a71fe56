import { describe, expect, it } from "vitest";
import { elementTypeOf } from "../../src/parse/extract/elementType.js";

describe("the element type of a collection annotation", () => {
  it("reads TypeScript arrays, sets and iterables", () => {
    expect(elementTypeOf("Item[]")).toBe("Item");
    expect(elementTypeOf("readonly ns.Item[]")).toBe("ns.Item");
    expect(elementTypeOf("Array<Box<T>>")).toBe("Box<T>");
    expect(elementTypeOf("ReadonlySet<Item>")).toBe("Item");
    expect(elementTypeOf("Item[] | undefined")).toBe("Item");
  });

  it("reads Python sequences, iterables and homogeneous tuples", () => {
    expect(elementTypeOf("list[Item]")).toBe("Item");
    expect(elementTypeOf("typing.Sequence[mod.Item]")).toBe("mod.Item");
    expect(elementTypeOf("Optional[List[Item]]")).toBe("Item");
    expect(elementTypeOf("list[Item] | None")).toBe("Item");
    expect(elementTypeOf("tuple[Item, ...]")).toBe("Item");
    expect(elementTypeOf("Iterator[Item]")).toBe("Item");
  });

  it("gives nothing for maps, mixed tuples, unions of collections and plain types", () => {
    expect(elementTypeOf("dict[str, Item]")).toBeNull();
    expect(elementTypeOf("Map<string, Item>")).toBeNull();
    expect(elementTypeOf("tuple[Item, Other]")).toBeNull();
    expect(elementTypeOf("Item[] | Other[]")).toBeNull();
    expect(elementTypeOf("Item")).toBeNull();
    expect(elementTypeOf("(() => void)[]")).toBeNull();
  });
});
