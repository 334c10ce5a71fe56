import { describe, expect, it } from "vitest";
import { Unseen } from "../../../src/sources/watcher/Unseen.js";

describe("Unseen: what queries cannot see yet, and since when", () => {
  it("holds a batch from its first event until the engine has projected past it", () => {
    const visible: Array<[string, number]> = [];
    const u = new Unseen<string>((b, since) => visible.push([b, since]));
    expect(u.oldest(null)).toBeNull();
    expect(u.oldest(50)).toBe(50);
    const a = u.take(100);
    const b = u.take(200);
    expect(u.oldest(300)).toBe(100);
    u.record(a, 7, "a");
    u.record(b, 9, "b");
    u.projected(8);
    expect(visible).toEqual([["a", 100]]);
    expect(u.oldest(null)).toBe(200);
    u.projected(9);
    expect(visible).toEqual([["a", 100], ["b", 200]]);
    expect(u.empty).toBe(true);
  });

  it("shows at once a batch that appended nothing or that the engine already passed, and forgets a dropped one", () => {
    const visible: string[] = [];
    const u = new Unseen<string>((b) => visible.push(b));
    u.projected(10);
    u.record(u.take(1), 0, "nothing appended");
    u.record(u.take(2), 10, "already projected");
    const failed = u.take(3);
    u.drop(failed);
    expect(visible).toEqual(["nothing appended", "already projected"]);
    expect(u.oldest(null)).toBeNull();
  });
});
