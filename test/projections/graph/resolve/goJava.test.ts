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
    // `m := NewMemory(); m.Put(…)`: the local takes NewMemory's result type.
    expect(edgeLines(resolver, "TESTS")).toEqual([
      "TESTS store/memory_test.go#TestMemory -> store/memory.go#Memory.Put",
      "TESTS store/memory_test.go#TestMemory -> store/memory.go#NewMemory",
    ]);
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

describe("Go resolution on real extractor output (inline sources)", () => {
  const resolver = resolverFor(
    new Map([
      ["go.mod", "module example.com/mini\n\ngo 1.21\n"],
      [
        "a.go",
        `package mini

import "io"

// Requires io.Reader's methods too, which are not in the repository.
type ReadCloser interface {
	io.Reader
	Close() error
}

type Closer interface{ Close() error }

// Requires Closer's Close and its own Flush.
type FlushCloser interface {
	Closer
	Flush() error
}

type OnlyClose struct{}

func (o *OnlyClose) Close() error { return nil }

type Both struct{}

func (b *Both) Close() error { return nil }
func (b *Both) Flush() error { return nil }

type Base struct{}

func (b *Base) Hello() string { return "hi" }

type Derived struct {
	Base
}

func greet(d *Derived) string { return d.Hello() }
`,
      ],
      ["a_test.go", `package mini\n\nimport "testing"\n\nfunc TestGreet(t *testing.T) { helper(t); greet(&Derived{}) }\n`],
      ["helpers_test.go", `package mini\n\nimport "testing"\n\nfunc helper(t *testing.T) {}\n`],
      ["b.go", `package mini\n\nfunc prod() { helper(nil) }\n`],
    ]),
  );

  it("checks an interface's embedded interfaces too, and never matches one embedding an interface from outside", () => {
    expect(edgeLines(resolver, "IMPLEMENTS")).toEqual([
      "IMPLEMENTS a.go#Both -> a.go#Closer",
      "IMPLEMENTS a.go#Both -> a.go#FlushCloser",
      "IMPLEMENTS a.go#OnlyClose -> a.go#Closer",
    ]);
  });

  it("calls methods promoted from an embedded struct", () => {
    expect(edgeLines(resolver, "CALLS")).toContain("CALLS a.go#greet -> a.go#Base.Hello");
  });

  it("lets a test file call helpers of the package's other test files, and keeps them out of reach of non-test files", () => {
    const calls = edgeLines(resolver, "CALLS");
    expect(calls).toContain("CALLS a_test.go#TestGreet -> helpers_test.go#helper");
    expect(edgeLines(resolver, "TESTS")).toContain("TESTS a_test.go#TestGreet -> helpers_test.go#helper");
    expect(calls.filter((l) => l.startsWith("CALLS b.go"))).toEqual([]);
    expect(resolver.resolve("b.go").unresolved.map((u) => u.name)).toEqual(["helper"]);
  });
});

describe("Java resolution on real extractor output (inline sources)", () => {
  const resolver = resolverFor(
    new Map([
      ["src/main/java/p/Iface.java", "package p;\npublic interface Iface { void run(); }\n"],
      [
        "src/main/java/p/Outer.java",
        `package p;
public class Outer {
  public Outer() {}
  enum Mode implements Iface {
    A;
    public void run() {}
  }
  static class Base { void go() {} }
  static class Sub extends Base {}
  static class Self extends Outer {}
  void make() { new Sub(); Base.helper(); }
}
`,
      ],
      ["src/test/java/p/OuterTest.java", "package p;\npublic class OuterTest {\n  @Test void t() { new Outer(); }\n}\n"],
    ]),
  );

  it("gives an enum's implements clause to the enum, not to the class around it", () => {
    expect(edgeLines(resolver, "IMPLEMENTS")).toEqual(["IMPLEMENTS src/main/java/p/Outer.java#Outer.Mode -> src/main/java/p/Iface.java#Iface"]);
  });

  it("finds nested types by their simple name, and a type name never denotes a constructor", () => {
    expect(edgeLines(resolver, "INHERITS")).toEqual([
      "INHERITS src/main/java/p/Outer.java#Outer.Self -> src/main/java/p/Outer.java#Outer",
      "INHERITS src/main/java/p/Outer.java#Outer.Sub -> src/main/java/p/Outer.java#Outer.Base",
    ]);
    expect(edgeLines(resolver, "CALLS")).toContain("CALLS src/main/java/p/Outer.java#Outer.make -> src/main/java/p/Outer.java#Outer.Sub");
  });

  it("sees the same package under another source root (tests next to main); `new Outer()` reaches its constructor", () => {
    expect(edgeLines(resolver, "TESTS")).toEqual(["TESTS src/test/java/p/OuterTest.java#OuterTest.t -> src/main/java/p/Outer.java#Outer.Outer"]);
  });
});

describe("Java overloads on real extractor output (inline sources)", () => {
  const resolver = resolverFor(
    new Map([
      [
        "src/main/java/p/Writer.java",
        `package p;
public class Writer {
  public void value(String s) {}
  public void value(long a, long b) {}
  public void value(boolean b) {}
  public void log(String... parts) {}
  public void log(int level, String message) {}
  public void flush() {}
}
`,
      ],
      [
        "src/main/java/p/Use.java",
        `package p;
public class Use {
  void pair(Writer w) { w.value(1, /* second */ 2); }
  void one(Writer w) { w.value(true); }
  void many(Writer w) { w.log("a", "b", "c"); }
  void two(Writer w) { w.log(1, "m"); }
  void none(Writer w) { w.flush(); }
}
`,
      ],
    ]),
  );

  it("calls the overload taking as many arguments (varargs when no fixed one does), and of those the one the arguments' types fit", () => {
    const calls = edgeLines(resolver, "CALLS").filter((l) => l.startsWith("CALLS src/main/java/p/Use.java"));
    expect(calls).toEqual([
      "CALLS src/main/java/p/Use.java#Use.many -> src/main/java/p/Writer.java#Writer.log",
      "CALLS src/main/java/p/Use.java#Use.none -> src/main/java/p/Writer.java#Writer.flush",
      "CALLS src/main/java/p/Use.java#Use.one -> src/main/java/p/Writer.java#Writer.value#3",
      "CALLS src/main/java/p/Use.java#Use.pair -> src/main/java/p/Writer.java#Writer.value#2",
      "CALLS src/main/java/p/Use.java#Use.two -> src/main/java/p/Writer.java#Writer.log#2",
    ]);
  });
});

describe("Java overloads of the same arity, told apart by the arguments' types (real extractor)", () => {
  const resolver = resolverFor(
    new Map([
      ["src/main/java/p/Element.java", "package p;\npublic abstract class Element {}\n"],
      ["src/main/java/p/Obj.java", "package p;\npublic class Obj extends Element { public static final Obj EMPTY = new Obj(); }\n"],
      ["src/main/java/p/Other.java", "package p;\npublic class Other {}\n"],
      [
        "src/main/java/p/Json.java",
        `package p;
import java.io.Reader;
import java.io.Writer;
import java.lang.reflect.Type;
public class Json {
  public void value(String s) {}
  public void value(boolean b) {}
  public void value(double d) {}
  public void value(long l) {}
  public void value(Number n) {}
  public String write(Object src) { return ""; }
  public String write(Element e) { return ""; }
  public <T> T read(String json, Class<T> cls) { return null; }
  public <T> T read(Reader json, Class<T> cls) { return null; }
  public <T> T read(Element json, Type type) { return null; }
  public void to(Object src, Appendable out) {}
  public void to(Object src, Type type) {}
  public Element parse(String s) { return null; }
}
`,
      ],
      [
        "src/main/java/p/Use.java",
        `package p;
import java.io.StringReader;
import java.io.StringWriter;
public class Use {
  private Obj held;
  private int count;
  void string(Json j) { j.value("s"); }
  void intLiteral(Json j) { j.value(1); }
  void doubleLiteral(Json j) { j.value(2.5); }
  void booleanLiteral(Json j) { j.value(false); }
  void concatenation(Json j) { j.value(1 + "x"); }
  void longLocal(Json j) { long n = 3; j.value(n); }
  void boxedParam(Json j, Integer boxed) { j.value(boxed); }
  void intField(Json j) { j.value(this.count); }
  void created(Json j) { j.write(new Obj()); }
  void field(Json j) { j.write(held); }
  void staticField(Json j) { j.write(Obj.EMPTY); }
  void unrelated(Json j) { j.write(new Other()); }
  void nullLiteral(Json j) { j.write(null); }
  void classLiteral(Json j) { j.read("{}", Obj.class); }
  void reader(Json j) { j.read(new StringReader("{}"), Obj.class); }
  void returned(Json j, Type t) { j.read(j.parse("{}"), t); }
  void writer(Json j) { StringWriter w = new StringWriter(); j.to(held, w); }
  void runtimeClass(Json j) { j.to(held, getClass()); }
  void unknown(Json j, java.util.function.Supplier<Double> s) { j.value(s.get()); }
}
`,
      ],
    ]),
  );
  const callee = (method: string): string[] =>
    edgeLines(resolver, "CALLS")
      .filter((l) => l.startsWith(`CALLS src/main/java/p/Use.java#Use.${method} -> src/main/java/p/Json.java#`) && !l.endsWith("#Json.parse"))
      .map((l) => l.slice(l.indexOf("#Json.") + 1));

  it.each([
    // An exact type first, then the nearest widening (long before double), then boxing (Number).
    ["string", "Json.value"],
    ["intLiteral", "Json.value#4"],
    ["doubleLiteral", "Json.value#3"],
    ["booleanLiteral", "Json.value#2"],
    ["concatenation", "Json.value"],
    // Declared types of locals, parameters and fields; an Integer is a Number before it unboxes.
    ["longLocal", "Json.value#4"],
    ["boxedParam", "Json.value#5"],
    ["intField", "Json.value#4"],
    // A project class takes the overload for its superclass; another class Object's; null the most specific.
    ["created", "Json.write#2"],
    ["field", "Json.write#2"],
    ["staticField", "Json.write#2"],
    ["unrelated", "Json.write"],
    ["nullLiteral", "Json.write#2"],
    // Class literals, JDK readers and writers (their supertypes are known), what a method returns.
    ["classLiteral", "Json.read"],
    ["reader", "Json.read#2"],
    ["returned", "Json.read#3"],
    ["writer", "Json.to"],
    ["runtimeClass", "Json.to#2"],
    // Nothing known of the argument: the first declared of that arity stays.
    ["unknown", "Json.value"],
  ])("%s calls %s", (method, expected) => {
    expect(callee(method)).toEqual([expected]);
  });

  it("inside a class, `new` picks among its constructors the same way", () => {
    const parser = resolverFor(
      new Map([
        ["src/main/java/p/Builder.java", "package p;\npublic class Builder {}\n"],
        [
          "src/main/java/p/Parser.java",
          "package p;\npublic class Parser {\n  public Parser(Builder b) {}\n  private Parser(Parser copy) {}\n  public Parser copy() { return new Parser(this); }\n}\n",
        ],
      ]),
    );
    expect(edgeLines(parser, "CALLS")).toEqual(["CALLS src/main/java/p/Parser.java#Parser.copy -> src/main/java/p/Parser.java#Parser.Parser#2"]);
  });
});

describe("Java wildcard imports of the project's own packages (real extractor)", () => {
  const resolver = resolverFor(
    new Map([
      ["src/main/java/com/acme/util/Helper.java", "package com.acme.util;\npublic class Helper { public static int twice(int x) { return 2 * x; } public void help() {} }\n"],
      ["src/main/java/com/acme/util/Other.java", "package com.acme.util;\npublic class Other { public void go() {} }\n"],
      ["src/test/java/com/acme/util/Fixture.java", "package com.acme.util;\npublic class Fixture {}\n"],
      ["src/main/java/com/acme/text/Strings.java", "package com.acme.text;\npublic class Strings { public static String pad(String s) { return s; } }\n"],
      [
        "src/main/java/com/acme/app/Main.java",
        `package com.acme.app;

import com.acme.util.*;
import static com.acme.text.Strings.*;
import java.util.*;

public class Main {
  public void run() {
    Helper.twice(2);
    new Other().go();
    pad("x");
  }
}
`,
      ],
    ]),
  );

  it("imports a package as its files under every source root, and a static wildcard's members as bare names", () => {
    expect(edgeLines(resolver, "IMPORTS").filter((l) => l.startsWith("IMPORTS src/main/java/com/acme/app/Main.java"))).toEqual([
      "IMPORTS src/main/java/com/acme/app/Main.java -> java.util",
      "IMPORTS src/main/java/com/acme/app/Main.java -> src/main/java/com/acme/text/Strings.java",
      "IMPORTS src/main/java/com/acme/app/Main.java -> src/main/java/com/acme/util/Helper.java",
      "IMPORTS src/main/java/com/acme/app/Main.java -> src/main/java/com/acme/util/Other.java",
      "IMPORTS src/main/java/com/acme/app/Main.java -> src/test/java/com/acme/util/Fixture.java",
    ]);
    expect(edgeLines(resolver, "CALLS").filter((l) => l.startsWith("CALLS src/main/java/com/acme/app"))).toEqual([
      "CALLS src/main/java/com/acme/app/Main.java#Main.run -> src/main/java/com/acme/text/Strings.java#Strings.pad",
      "CALLS src/main/java/com/acme/app/Main.java#Main.run -> src/main/java/com/acme/util/Helper.java#Helper.twice",
      "CALLS src/main/java/com/acme/app/Main.java#Main.run -> src/main/java/com/acme/util/Other.java#Other",
      "CALLS src/main/java/com/acme/app/Main.java#Main.run -> src/main/java/com/acme/util/Other.java#Other.go",
    ]);
  });
});

describe("Go interface assertions `var _ I = …` (real extractor)", () => {
  // gin's `var _ IRouter = (*RouterGroup)(nil)`: the source declares the implementation.
  const resolver = resolverFor(
    new Map([
      ["go.mod", "module example.com/gin\n\ngo 1.21\n"],
      ["render/render.go", "package render\n\ntype Render interface {\n\tRender() error\n}\n"],
      [
        "router.go",
        [
          "package gin",
          "",
          "type IRoutes interface {",
          "\tHandle(path string) IRoutes",
          "}",
          "",
          "type IRouter interface {",
          "\tIRoutes",
          "\tGroup(path string) *RouterGroup",
          "}",
          "",
          "type RouterGroup struct{}",
          "",
          "var _ IRouter = (*RouterGroup)(nil)",
          "",
          "func (g *RouterGroup) Handle(path string) IRoutes { return g }",
          "func (g *RouterGroup) Group(path string) *RouterGroup { return g }",
          "",
          "func NewRouter() *RouterGroup { return &RouterGroup{} }",
          "",
          "type Lister[T any] interface{ List() []T }",
          "type Slice[T any] struct{}",
          "",
          "func (s *Slice[T]) List() []T { return nil }",
          "",
          "var _ Lister[int] = (*Slice[int])(nil)",
        ].join("\n"),
      ],
      [
        "engine.go",
        [
          "package gin",
          "",
          'import (\n\t"net/http"\n\n\t"example.com/gin/render"\n)',
          "",
          "type Engine struct {",
          "\tRouterGroup",
          "}",
          "",
          "var (",
          "\t_ IRouter      = &Engine{}",
          "\t_ render.Render = Engine{}",
          "\t_ http.Handler = (*Engine)(nil)",
          "\t_ Missing      = new(Engine)",
          "\t_ IRoutes      = NewRouter()",
          ")",
        ].join("\n"),
      ],
      ["json.go", "package gin\n\ntype JSON struct{}\n\nfunc (JSON) Render() error { return nil }\n"],
      ["assert_test.go", 'package gin\n\nimport "example.com/gin/render"\n\nvar _ render.Render = JSON{}\n'],
    ]),
  );
  const implemented = () =>
    [...resolver.files()]
      .flatMap((path) => resolver.resolve(path).edges.filter((e) => e.kind === "IMPLEMENTS").map((e) => `${e.from.slice(2)} -> ${e.to.slice(2)} :${e.line}`))
      .sort();

  it("is an IMPLEMENTS edge of the type with a line (declared), in any form and any file of the package", () => {
    expect(implemented()).toEqual([
      // Declared in its file: the assertion's line.
      "engine.go#Engine -> render/render.go#Render :15",
      "engine.go#Engine -> router.go#IRouter :14",
      // Declared in a test file of the package: the type's own line (the edge is the type's).
      "json.go#JSON -> render/render.go#Render :3",
      "router.go#RouterGroup -> router.go#IRouter :14",
      // Satisfied but named nowhere: structural, line 0.
      "router.go#RouterGroup -> router.go#IRoutes :0",
      "router.go#Slice -> router.go#Lister :26",
    ]);
  });

  it("lists an interface it cannot find as unresolved, and never takes a function for the type", () => {
    const unresolved = resolver.resolve("engine.go").unresolved.filter((u) => u.kind === "implements");
    expect(unresolved.map((u) => `${u.qualifier ?? ""}.${u.name}`)).toEqual(["http.Handler", ".Missing"]);
    expect(implemented().some((l) => l.includes("NewRouter"))).toBe(false);
  });
});
