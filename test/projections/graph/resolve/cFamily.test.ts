import { describe, expect, it } from "vitest";
import { edgeLines, loadFixture, resolverFor } from "./loadFixture.js";

describe("C resolution (fixtures/resolve/c-list)", () => {
  const resolver = resolverFor(loadFixture("c-list"));
  it("resolves quoted includes against the file's folder and the project's include folders; system headers are external", () => {
    expect(edgeLines(resolver, "IMPORTS")).toEqual([
      "IMPORTS include/lib/list.h -> stddef.h",
      "IMPORTS src/list.c -> include/lib/list.h",
      "IMPORTS src/list.c -> stdlib.h",
      "IMPORTS tests/test_list.c -> assert.h",
      "IMPORTS tests/test_list.c -> include/lib/list.h",
    ]);
  });
  it("resolves calls to the definitions in the headers' source files, a macro, and a field holding a function", () => {
    expect(edgeLines(resolver, "CALLS")).toEqual([
      "CALLS src/list.c#list_free -> include/lib/list.h#list_ops.free_fn",
      "CALLS src/list.c#list_len -> include/lib/list.h#LIST_FOREACH",
      "CALLS src/list.c#list_push -> src/list.c#make_node",
      "CALLS tests/test_list.c#test_each -> src/list.c#list_each",
      "CALLS tests/test_list.c#test_each -> src/list.c#list_push",
      "CALLS tests/test_list.c#test_push_and_len -> src/list.c#list_len",
      "CALLS tests/test_list.c#test_push_and_len -> src/list.c#list_push",
    ]);
  });
  it("links test_* functions of a test file to what they call", () => {
    expect(edgeLines(resolver, "TESTS")).toEqual([
      "TESTS tests/test_list.c#test_each -> src/list.c#list_each",
      "TESTS tests/test_list.c#test_each -> src/list.c#list_push",
      "TESTS tests/test_list.c#test_push_and_len -> src/list.c#list_len",
      "TESTS tests/test_list.c#test_push_and_len -> src/list.c#list_push",
    ]);
  });
});

describe("C++ resolution (fixtures/resolve/cpp-shapes)", () => {
  const resolver = resolverFor(loadFixture("cpp-shapes"));
  it("resolves includes", () => {
    expect(edgeLines(resolver, "IMPORTS")).toEqual([
      "IMPORTS include/geo/shape.h -> string",
      "IMPORTS src/main.cpp -> include/geo/shape.h",
      "IMPORTS src/main.cpp -> iostream",
      "IMPORTS src/shape.cpp -> include/geo/shape.h",
      "IMPORTS tests/shape_test.cpp -> gtest/gtest.h",
      "IMPORTS tests/shape_test.cpp -> include/geo/shape.h",
    ]);
  });
  it("resolves calls by namespace, out-of-line definition, overload arity, receiver type and base class", () => {
    expect(edgeLines(resolver, "CALLS")).toEqual([
      "CALLS src/main.cpp#main -> include/geo/shape.h#geo.Circle.Circle",
      "CALLS src/main.cpp#main -> include/geo/shape.h#geo.Shape.area",
      "CALLS src/main.cpp#main -> include/geo/shape.h#geo.Shape.name",
      "CALLS src/main.cpp#main -> src/shape.cpp#geo.Circle.scale#2",
      "CALLS src/main.cpp#main -> src/shape.cpp#geo.make_circle",
      "CALLS src/shape.cpp#geo.Circle.scale -> src/shape.cpp#geo.util.clamp",
      "CALLS src/shape.cpp#geo.Circle.scale#2 -> src/shape.cpp#geo.Circle.scale",
      "CALLS src/shape.cpp#geo.make_circle -> include/geo/shape.h#geo.Circle",
      "CALLS src/shape.cpp#geo.make_circle -> include/geo/shape.h#geo.twice",
      "CALLS tests/shape_test.cpp#CircleTest.AreaGrowsWithScale -> src/shape.cpp#geo.Circle.area",
      "CALLS tests/shape_test.cpp#CircleTest.AreaGrowsWithScale -> src/shape.cpp#geo.Circle.scale",
    ]);
  });
  it("resolves a base class in a namespace", () => {
    expect(edgeLines(resolver, "INHERITS")).toEqual([
      "INHERITS include/geo/shape.h#geo.Circle -> include/geo/shape.h#geo.Shape",
    ]);
  });
  it("links a GoogleTest TEST to what it calls", () => {
    expect(edgeLines(resolver, "TESTS")).toEqual([
      "TESTS tests/shape_test.cpp#CircleTest.AreaGrowsWithScale -> src/shape.cpp#geo.Circle.area",
      "TESTS tests/shape_test.cpp#CircleTest.AreaGrowsWithScale -> src/shape.cpp#geo.Circle.scale",
    ]);
  });
});

describe("C++ functions and fixtures inside a namespace (fixtures/resolve/cpp-namespace-functions)", () => {
  const resolver = resolverFor(loadFixture("cpp-namespace-functions"));
  it("reaches a namespace's function a header only declares at its definition, a TEST_F's fixture in the namespace, a method defined below its class", () => {
    expect(edgeLines(resolver, "CALLS")).toEqual([
      // Declared in a class of the same file and defined below it: the definition.
      "CALLS src/store.cc#kv.Local.Run#2 -> src/store.cc#kv.Local.Step#2",
      "CALLS src/store.cc#kv.Store.Put -> src/filename.cc#kv.ParseName",
      "CALLS tests/store_test.cc#StoreTest.PutsByName -> src/filename.cc#kv.ParseName",
      "CALLS tests/store_test.cc#StoreTest.PutsByName -> tests/store_test.cc#kv.StoreTest.Put",
      // The method's declaration in the class stands for it: its definition is in a source file named otherwise.
      "CALLS tests/store_test.cc#kv.StoreTest.Put -> include/kv/filename.h#kv.Store.Put",
    ]);
  });
});

describe("Catch2 and doctest test cases (fixtures/resolve/cpp-catch2)", () => {
  const resolver = resolverFor(loadFixture("cpp-catch2"));
  it("links TEST_CASE, SCENARIO, TEMPLATE_TEST_CASE, TEST_CASE_METHOD and TEST_CASE_FIXTURE bodies to what they call, the fixture's members included", () => {
    expect(edgeLines(resolver, "TESTS")).toEqual([
      // TEST_CASE_FIXTURE: the fixture's method, and a call through its field.
      "TESTS tests/counter_doctest.cpp#ResetFixture.reset_after_fill -> src/counter.cpp#Counter.reset",
      "TESTS tests/counter_doctest.cpp#ResetFixture.reset_after_fill -> src/counter.cpp#Counter.value",
      "TESTS tests/counter_doctest.cpp#ResetFixture.reset_after_fill -> tests/counter_doctest.cpp#ResetFixture.fill",
      // After a macro line without its semicolon (a declaration to tree-sitter).
      "TESTS tests/counter_doctest.cpp#counters_compare_by_value -> include/counter.h#Counter",
      "TESTS tests/counter_doctest.cpp#counters_compare_by_value -> src/counter.cpp#Counter.value",
      "TESTS tests/counter_doctest.cpp#counters_compare_by_value -> src/counter.cpp#make_counter",
      "TESTS tests/counter_doctest.cpp#counts_as_any_type -> include/counter.h#count_as",
      "TESTS tests/counter_doctest.cpp#doctest_counters_start_at_zero -> include/counter.h#Counter",
      "TESTS tests/counter_doctest.cpp#doctest_counters_start_at_zero -> src/counter.cpp#Counter.value",
      // `[[noreturn]] TEST_CASE(…)`.
      "TESTS tests/counter_doctest.cpp#never_returns -> src/counter.cpp#make_counter",
      "TESTS tests/counter_doctest.cpp#never_returns -> src/counter.cpp#throw_counter",
      // TEST_CASE_METHOD: a bare call is the fixture's member.
      "TESTS tests/counter_test.cpp#CounterFixture.bump_adds_to_the_value -> tests/counter_test.cpp#CounterFixture.bump",
      // SCENARIO: the calls inside its SECTIONs are its own.
      "TESTS tests/counter_test.cpp#counters_can_be_reset -> src/counter.cpp#Counter.add",
      "TESTS tests/counter_test.cpp#counters_can_be_reset -> src/counter.cpp#Counter.reset",
      "TESTS tests/counter_test.cpp#counters_can_be_reset -> src/counter.cpp#Counter.value",
      "TESTS tests/counter_test.cpp#counters_in_a_namespace -> src/counter.cpp#Counter.value",
      "TESTS tests/counter_test.cpp#counters_in_a_namespace -> src/counter.cpp#make_counter",
      "TESTS tests/counter_test.cpp#counters_start_at_zero -> src/counter.cpp#Counter.value",
      // TEMPLATE_TEST_CASE breaks the tree; the test comes from the text.
      "TESTS tests/counter_test.cpp#counts_any_integer_type -> include/counter.h#count_as",
      'TESTS tests/counter_test.cpp#names_with_"quotes"_and_v1.2_dots -> src/counter.cpp#parse_version',
    ]);
  });
});
