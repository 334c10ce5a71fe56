import * as Either from "effect/Either";
import { describe, expect, it } from "vitest";
import { checkSearchQuery } from "../../../src/queries/search/checkSearchQuery.js";

describe("checkSearchQuery", () => {
  it("refuses an empty or blank query instead of answering it with no matches", () => {
    for (const q of ["", "   ", "\t\n"]) {
      const r = checkSearchQuery(q);
      expect(Either.isLeft(r) && r.left.reason).toBe("empty_query");
    }
    expect(Either.getOrThrow(checkSearchQuery("retry on timeout"))).toBe("retry on timeout");
  });
});
