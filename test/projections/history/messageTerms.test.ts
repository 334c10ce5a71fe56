import { describe, expect, it } from "vitest";
import { chooseTerms, MAX_SEARCHED_TERMS, matchExpression, messageTerms, wordKey } from "../../../src/projections/history/index.js";

describe("the words a message search looks for", () => {
  it("are a text's words and identifiers' parts, lowercased, once each, without stop words or punctuation", () => {
    expect(messageTerms('Fix: parseHTTPHeader() in get_user.py — "redirects"!!! (#42) AND/OR NOT*')).toEqual([
      "fix",
      "parsehttpheader",
      "parse",
      "http",
      "header",
      "user",
      "py",
      "redirects",
      "42",
    ]);
    expect(messageTerms("Ünïcode café 中文")).toEqual(["ünïcode", "café", "中文"]);
    expect(messageTerms(Array.from({ length: 500 }, (_, i) => `word${i}x`).join(" "), 10)).toHaveLength(10);
    expect(matchExpression(["fix", "42"])).toBe('"fix" OR "42"');
  });

  it("are the rarest the commits hold, one per inflection, common ones only to make up three", () => {
    const rated = (pairs: Array<[string, number]>) => pairs.map(([term, docs]) => ({ term, docs }));
    expect(chooseTerms(rated([["fix", 900], ["redirects", 4], ["redirect", 4], ["zebra", 0], ["header", 30], ["the", 1000]]), 1000)).toEqual([
      "redirects",
      "header",
      "fix",
    ]);
    expect(chooseTerms(rated([["fix", 900], ["build", 800], ["test", 700], ["docs", 600]]), 1000)).toEqual(["docs", "test", "build"]);
    expect(chooseTerms(rated(Array.from({ length: 40 }, (_, i) => [`w${i}`, i + 1] as [string, number])), 1000)).toHaveLength(MAX_SEARCHED_TERMS);
    expect(chooseTerms(rated([["zebra", 0]]), 1000)).toEqual([]);
  });

  it("count a word by its key, its commonest inflections taken off", () => {
    const keys = (words: string[]) => words.map(wordKey);
    expect(new Set(keys(["redirects", "redirected", "redirecting", "redirect"]))).toEqual(new Set(["redirect"]));
    expect(new Set(keys(["caches", "cached", "caching", "cache"]))).toEqual(new Set(["cach"]));
    expect(keys(["stopped", "queries", "class", "status", "add", "added"])).toEqual(["stop", "query", "class", "status", "add", "add"]);
  });
});
