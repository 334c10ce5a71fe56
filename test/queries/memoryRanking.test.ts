import { describe, expect, it } from "vitest";
import { rankByTopic, tokenize } from "../../src/queries/memoryRanking.js";

describe("tokenize", () => {
  it("splits identifiers and paths into words, keeping whole identifiers", () => {
    expect(tokenize("getUserById")).toEqual(["get", "user", "id", "getuserbyid"]);
    expect(tokenize("src/auth/login_handler.ts")).toEqual(["src", "auth", "login", "handler", "login_handler", "ts"]);
    expect(tokenize("HTTPServer parses JSON")).toEqual(["http", "server", "httpserver", "parse", "json"]);
  });
});

describe("rankByTopic", () => {
  const docs = [
    { key: "a", fields: [{ text: "Never log access tokens in AuthService", weight: 1 }] },
    { key: "b", fields: [{ text: "Prefer small modules", weight: 1 }] },
    { key: "c", fields: [{ text: "Tokens are rotated daily; log rotation events", weight: 1 }] },
  ];

  it("scores only documents sharing a word with the topic, best first", () => {
    const s = rankByTopic("auth token", docs);
    expect([...s.keys()].sort()).toEqual(["a", "c"]);
    expect(s.get("a")!).toBeGreaterThan(s.get("c")!);
  });

  it("an empty or stop-word topic matches nothing", () => {
    expect(rankByTopic("", docs).size).toBe(0);
    expect(rankByTopic("the and", docs).size).toBe(0);
  });
});
