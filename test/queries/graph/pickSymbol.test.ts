import { describe, expect, it } from "vitest";
import type { CodeNode } from "../../../src/queries/graph/graphNodes.js";
import { pickSymbol } from "../../../src/queries/graph/pickSymbol.js";

const symbol = (name: string, kind: string, line: number): CodeNode => ({ id: `s:click.ts#${name}`, kind, name, file: "click.ts", line, exported: false });
const CLICK = [
  symbol("ClickHandler", "Class", 3),
  symbol("ClickHandler.handle", "Method", 4),
  symbol("ClickHandler.topic", "Method", 8),
  symbol("KeyHandler", "Class", 13),
  symbol("KeyHandler.handle", "Method", 14),
];

describe("pickSymbol", () => {
  it("takes a qualified name, or a plain name only one symbol has, or either regardless of case", () => {
    expect(pickSymbol(CLICK, "KeyHandler.handle")).toMatchObject({ _tag: "Symbol", symbol: { line: 14 } });
    expect(pickSymbol(CLICK, "topic")).toMatchObject({ _tag: "Symbol", symbol: { name: "ClickHandler.topic" } });
    expect(pickSymbol(CLICK, "keyhandler")).toMatchObject({ _tag: "Symbol", symbol: { name: "KeyHandler" } });
  });

  it("gives a class with its members", () => {
    const pick = pickSymbol(CLICK, "ClickHandler");
    expect(pick._tag === "Symbol" && pick.members.map((m) => m.name)).toEqual(["ClickHandler.handle", "ClickHandler.topic"]);
  });

  it("takes the overloads of one name as one symbol: the implementation, with the overload signatures as members", () => {
    const subs = [symbol("Basic", "Class", 1), symbol("Basic.subs", "Method", 5), symbol("Basic.subs", "Method", 8), symbol("Basic.subs", "Method", 11), symbol("Basic.subs.fallback", "Function", 20)];
    const pick = pickSymbol(subs, "Basic.subs");
    expect(pick).toMatchObject({ _tag: "Symbol", symbol: { name: "Basic.subs", line: 11 } });
    expect(pick._tag === "Symbol" && pick.members.map((m) => `${m.name}:${m.line}`)).toEqual(["Basic.subs:5", "Basic.subs:8", "Basic.subs.fallback:20"]);
    expect(pickSymbol(subs, "subs")).toMatchObject({ _tag: "Symbol", symbol: { line: 11 } });
  });

  it("lists the candidates of an ambiguous or unknown name", () => {
    const ambiguous = pickSymbol(CLICK, "handle");
    expect(ambiguous._tag).toBe("AmbiguousSymbol");
    expect(ambiguous._tag !== "Symbol" && ambiguous.candidates.map((c) => c.name)).toEqual(["ClickHandler.handle", "KeyHandler.handle"]);
    const unknown = pickSymbol(CLICK, "handel");
    expect(unknown._tag).toBe("UnknownSymbol");
    expect(unknown._tag !== "Symbol" && unknown.candidates.slice(0, 2).map((c) => c.name)).toEqual(["ClickHandler.handle", "KeyHandler.handle"]);
  });
});
