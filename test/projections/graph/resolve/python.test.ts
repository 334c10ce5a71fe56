import { describe, expect, it } from "vitest";
import { edgeLines, loadFixture, resolverFor } from "./loadFixture.js";

describe("Python resolution (fixtures/resolve/py-basic)", () => {
  const resolver = resolverFor(loadFixture("py-basic"));

  it("maps relative, package and src-rooted absolute imports to files", () => {
    const imports = edgeLines(resolver, "IMPORTS");
    expect(imports).toEqual(
      expect.arrayContaining([
        "IMPORTS src/shop/__init__.py -> src/shop/models/__init__.py",
        "IMPORTS src/shop/__init__.py -> src/shop/pricing.py",
        "IMPORTS src/shop/models/order.py -> src/shop/models/base.py",
        "IMPORTS src/shop/models/order.py -> src/shop/models/customer.py",
        "IMPORTS src/shop/pricing.py -> math",
        "IMPORTS src/shop/pricing.py -> src/shop/models/order.py",
        "IMPORTS src/shop/pricing.py -> src/shop/models/__init__.py",
        "IMPORTS tests/test_pricing.py -> src/shop/__init__.py",
        "IMPORTS tests/test_pricing.py -> src/shop/pricing.py",
      ]),
    );
  });

  it("resolves self, super(), module attributes, package re-exports and class instantiation", () => {
    const calls = edgeLines(resolver, "CALLS");
    expect(calls).toEqual(
      expect.arrayContaining([
        "CALLS src/shop/models/base.py#Entity.key -> src/shop/models/base.py#Entity.describe",
        "CALLS src/shop/models/customer.py#Customer.describe -> src/shop/models/base.py#Entity.describe",
        "CALLS src/shop/models/order.py#Order.label -> src/shop/models/base.py#Entity.key",
        "CALLS src/shop/pricing.py#total -> src/shop/pricing.py#_fee",
        "CALLS src/shop/pricing.py#first -> src/shop/models/order.py#Order",
        "CALLS tests/test_pricing.py#test_total -> src/shop/models/order.py#Order",
        "CALLS tests/test_pricing.py#test_total -> src/shop/models/customer.py#Customer",
        "CALLS tests/test_pricing.py#test_total -> src/shop/pricing.py#total",
        "CALLS tests/test_pricing.py#test_total -> src/shop/pricing.py#first",
      ]),
    );
    // `self.customer` is typed by the `__init__` parameter it comes from.
    expect(calls).toContain("CALLS src/shop/models/order.py#Order.label -> src/shop/models/customer.py#Customer.describe");
    // `o` in a generator over `list[Order]` has no declared type: left unresolved, not guessed.
    const unresolved = resolver.resolve("src/shop/pricing.py").unresolved.map((u) => u.name);
    expect(unresolved).toEqual(expect.arrayContaining(["nowhere", "price"]));
  });

  it("links base classes, explicit and structural (Protocol) implementations, and tests", () => {
    const lines = edgeLines(resolver).filter((l) => /^(INHERITS|IMPLEMENTS|TESTS|ACCEPTS)/.test(l));
    expect(lines).toEqual(
      expect.arrayContaining([
        "INHERITS src/shop/models/customer.py#Customer -> src/shop/models/base.py#Entity",
        "INHERITS src/shop/models/order.py#Order -> src/shop/models/base.py#Entity",
        "IMPLEMENTS src/shop/models/order.py#Order -> src/shop/models/base.py#Priced",
        "TESTS tests/test_pricing.py#test_total -> src/shop/pricing.py#total",
        "ACCEPTS src/shop/models/order.py#Order.__init__ -> src/shop/models/customer.py#Customer",
        "ACCEPTS src/shop/pricing.py#total -> src/shop/models/order.py#Order",
      ]),
    );
    expect(lines.some((l) => l.startsWith("IMPLEMENTS src/shop/models/customer.py"))).toBe(false);
  });
});

describe("Python protocols on real extractor output (inline sources)", () => {
  const resolver = resolverFor(
    new Map([
      [
        "protocols.py",
        `from typing import Protocol, Generic, TypeVar
from somelib import Remote

T = TypeVar("T")

class Sized(Protocol):
    def size(self) -> int: ...

class SizedIter(Sized, Protocol):
    def items(self) -> list: ...

class Boxed(Generic[T], Protocol):
    def unbox(self) -> T: ...

class FromLibrary(Remote, Protocol):
    def local(self) -> None: ...
`,
      ],
      [
        "impls.py",
        `class OnlyItems:
    def items(self):
        return []

class Both:
    def size(self):
        return 0
    def items(self):
        return []

class Box:
    def unbox(self):
        return 1

class Local:
    def local(self):
        return None
`,
      ],
    ]),
  );

  it("requires the members of the protocols a protocol extends, and matches none that extends one from outside", () => {
    expect(edgeLines(resolver, "IMPLEMENTS")).toEqual([
      "IMPLEMENTS impls.py#Both -> protocols.py#Sized",
      "IMPLEMENTS impls.py#Both -> protocols.py#SizedIter",
      "IMPLEMENTS impls.py#Box -> protocols.py#Boxed",
    ]);
  });
});

describe("Python names bound inside a function", () => {
  it("does not send a call to a module-level or imported name that a local assignment hides", () => {
    const resolver = resolverFor(
      new Map([
        ["pkg/util.py", "def helper(x):\n    return x\n\ndef other():\n    pass\n"],
        [
          "pkg/use.py",
          [
            "from pkg.util import helper, other",
            "",
            "def f(x):",
            "    helper = lambda y: y",
            "    helper(x)",
            "    a, (other, b) = 1, (2, 3)",
            "    if x:",
            "        other()",
            "",
            "def g(x):",
            "    helper(x)",
            "    def inner():",
            "        return other()",
            "    other = None",
            "",
            "_cache = None",
            "",
            "def cached():",
            "    global _cache",
            "    if _cache is None:",
            "        _cache = helper",
            "    return _cache(1)",
            "",
            "class C:",
            "    helper = staticmethod(helper)",
            "    def m(self):",
            "        return helper(1)",
          ].join("\n"),
        ],
      ]),
    );
    expect(edgeLines(resolver, "CALLS").filter((l) => l.startsWith("CALLS pkg/use.py"))).toEqual([
      // A class attribute does not hide the module's name inside methods.
      "CALLS pkg/use.py#C.m -> pkg/util.py#helper",
      // `global` makes the assignment rebind the module's name, which the call then means.
      "CALLS pkg/use.py#cached -> pkg/use.py#_cache",
      "CALLS pkg/use.py#g -> pkg/util.py#helper",
    ]);
  });

  it("links a parameter annotated with a quoted forward reference to its class", () => {
    const resolver = resolverFor(
      new Map([
        [
          "pkg/models.py",
          "class User:\n    def save(self, svc: 'Service', other: \"list[Service]\") -> \"User\":\n        return self\n\nclass Service:\n    pass\n",
        ],
      ]),
    );
    expect(edgeLines(resolver).filter((l) => /^(ACCEPTS|RETURNS)/.test(l))).toEqual([
      "ACCEPTS pkg/models.py#User.save -> pkg/models.py#Service",
      "RETURNS pkg/models.py#User.save -> pkg/models.py#User",
    ]);
  });
});

describe("Python attribute of a function", () => {
  it("is not a function nested in its body", () => {
    const resolver = resolverFor(
      new Map([
        ["pkg/util.py", "def outer():\n    def inner():\n        pass\n    inner()\n\ndef caller():\n    outer.inner()\n"],
      ]),
    );
    expect(edgeLines(resolver, "CALLS")).toEqual(["CALLS pkg/util.py#outer -> pkg/util.py#outer.inner"]);
  });
});

describe("Python names bound in a function by other statements than `=` (real extractor)", () => {
  const resolver = resolverFor(
    new Map([
      [
        "lib.py",
        `def f():
    return 1

def g():
    return 2

def h():
    return 3

def k():
    return 4

def loop(funcs):
    for f in funcs:
        f()

def managed(ctx):
    with ctx() as g:
        g()

def walrus(make):
    if (h := make()):
        h()

def caught():
    try:
        pass
    except Exception as k:
        k()

def plain():
    f()
    g()
`,
      ],
    ]),
  );

  it("takes loop targets, `with … as`, `except … as` and `:=` names as locals: they hide the module's functions", () => {
    expect(edgeLines(resolver, "CALLS")).toEqual(["CALLS lib.py#plain -> lib.py#f", "CALLS lib.py#plain -> lib.py#g"]);
    expect(resolver.resolve("lib.py").unresolved.map((u) => u.name).sort()).toEqual(expect.arrayContaining(["f", "g", "h", "k"]));
  });
});
