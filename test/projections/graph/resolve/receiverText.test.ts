import { describe, expect, it } from "vitest";
import { annotatedTypeName, chainSegments, createdClass, typeNamesIn } from "../../../../src/projections/graph/resolve/index.js";
import { callbackParameter, castReceiver, plainReceiver, tupleElement } from "../../../../src/projections/graph/resolve/receiverText.js";

describe("receiver and annotation text", () => {
  it("splits receiver chains into names and calls, and refuses anything else", () => {
    expect(chainSegments("a.b(x, y.z).c()", ".")).toEqual([
      { name: "a", call: false },
      { name: "b", call: true },
      { name: "c", call: true },
    ]);
    expect(chainSegments("super()", ".")).toEqual([{ name: "super", call: true }]);
    expect(chainSegments("crate::net", "::")).toEqual([{ name: "crate", call: false }, { name: "net", call: false }]);
    expect(chainSegments("items[0]", ".")).toBeNull();
    expect(chainSegments("(a || b)", ".")).toBeNull();
    expect(chainSegments("f(", ".")).toBeNull();
  });

  it("reads the class a receiver's constructor call creates, and the chain after it", () => {
    expect(createdClass("new Sub()")).toEqual({ cls: "Sub", rest: "" });
    expect(createdClass("(new ns.Sub<T>(1, f(x)))")).toEqual({ cls: "ns.Sub", rest: "" });
    expect(createdClass("new p . Sub(a)")).toEqual({ cls: "p.Sub", rest: "" });
    expect(createdClass("new Builder().a(x).b")).toEqual({ cls: "Builder", rest: "a(x).b" });
    expect(createdClass("(new Builder()).a()")).toEqual({ cls: "Builder", rest: "a()" });
    expect(createdClass("new Sub()[0]")).toBeNull();
    expect(createdClass("new Sub(")).toBeNull();
    expect(createdClass("(new Sub()")).toBeNull();
    expect(createdClass("renew()")).toBeNull();
  });

  it("reads a receiver across line breaks, optional chaining and non-null assertions", () => {
    expect(plainReceiver("z .string() .refine(() => false)", true)).toBe("z.string().refine(() => false)");
    expect(plainReceiver("builder .a() .b()", false)).toBe("builder.a().b()");
    expect(plainReceiver("a?.b().c", true)).toBe("a.b().c");
    expect(plainReceiver("a.e?.()", true)).toBe("a.e()");
    expect(plainReceiver("this.repo!.find()!", true)).toBe("this.repo.find()");
    // Outside TypeScript `?.` and `!` are not these operators, and a plain receiver is left as it is.
    expect(plainReceiver("a?.b", false)).toBe("a?.b");
    expect(plainReceiver("self.repo", false)).toBe("self.repo");
  });

  it("reads the type a parenthesised cast names, and the chain after it", () => {
    expect(castReceiver("(x as ns.Repo<User>)", true)).toEqual({ type: "ns.Repo<User>", rest: "" });
    expect(castReceiver("(this.get() as unknown as Repo).all().first", true)).toEqual({ type: "Repo", rest: "all().first" });
    expect(castReceiver("((Repo) x)", false)).toEqual({ type: "Repo", rest: "" });
    expect(castReceiver("((java.util.List<String>) items).stream()", false)).toEqual({ type: "java.util.List<String>", rest: "stream()" });
    expect(castReceiver("(a + b)", true)).toBeNull();
    expect(castReceiver("(x as Repo)[0]", true)).toBeNull();
    expect(castReceiver("((a) + b)", false)).toBeNull();
    expect(castReceiver("x as Repo", true)).toBeNull();
  });

  it("reads a parameter's annotation out of a function type", () => {
    expect(callbackParameter("(arg: Output, ctx: RefinementCtx) => void", 1)).toBe("RefinementCtx");
    expect(callbackParameter("(a: Map<string, (x: A) => B>, b?: ns.C<D>) => Promise<void>", 1)).toBe("ns.C<D>");
    expect(callbackParameter("(a: Map<string, (x: A) => B>, b?: ns.C<D>) => Promise<void>", 0)).toBe("Map<string, (x: A) => B>");
    expect(callbackParameter("<T>(item: T, ...rest: Item[]) => void", 1)).toBe("Item[]");
    expect(callbackParameter("(item: Item) => void", 1)).toBeNull();
    expect(callbackParameter("(Item | Other)", 0)).toBeNull();
    expect(callbackParameter("Handler", 0)).toBeNull();
  });

  it("reads an element of a tuple type", () => {
    expect(tupleElement("tuple[Service, Services]", 1)).toBe("Services");
    expect(tupleElement("typing.Tuple[Dict[str, int], Repo]", 0)).toBe("Dict[str, int]");
    expect(tupleElement("tuple[Repo, ...]", 3)).toBe("Repo");
    expect(tupleElement("[Map<string, A>, B]", 1)).toBe("B");
    expect(tupleElement("Promise<[A, (x: B) => C]>", 1)).toBe("(x: B) => C");
    expect(tupleElement("tuple[A, B]", 2)).toBeNull();
    expect(tupleElement("list[A]", 0)).toBeNull();
    expect(tupleElement("A[]", 0)).toBeNull();
  });

  it("reads the one type an annotation names", () => {
    expect(annotatedTypeName("User")).toBe("User");
    expect(annotatedTypeName("*store.Memory")).toBe("store.Memory");
    expect(annotatedTypeName("Optional[Order]")).toBe("Order");
    expect(annotatedTypeName("Order | None")).toBe("Order");
    expect(annotatedTypeName('"Order"')).toBe("Order");
    expect(annotatedTypeName("Repo<User>")).toBe("Repo");
    expect(annotatedTypeName("User[]")).toBeNull();
    expect(annotatedTypeName("A | B")).toBeNull();
    expect(annotatedTypeName("(x: number) => void")).toBeNull();
  });

  it("lists the names in a type, skipping primitives and string literals", () => {
    expect(typeNamesIn('Map<string, ns.User[]> | "literal" | Order')).toEqual([
      { qualifier: null, name: "Map" },
      { qualifier: "ns", name: "User" },
      { qualifier: null, name: "Order" },
    ]);
  });
});
