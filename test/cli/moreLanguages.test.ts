import { cpSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, tempDir } from "../helpers.js";
import { spawnCli } from "./spawnCli.js";

/**
 * The one end-to-end run for C, C++, C#, Ruby, PHP and Kotlin: `nemesis index` through the built CLI on
 * their resolution fixtures side by side, then a search per language finds the file that defines
 * what it asks for (parse workers, chunks, the keyword and vector index, the catalog's languages).
 */
describe("C, C++, C#, Ruby, PHP and Kotlin through nemesis index and search", () => {
  const t = tempDir("nemesis-cli-more-languages-");
  afterAll(() => t.cleanup());

  it("indexes every language and each search finds its definition", async () => {
    for (const name of ["c-list", "cpp-shapes", "csharp-shop", "ruby-shop", "php-shop", "kotlin-shop"]) {
      cpSync(join(REPO_ROOT, "fixtures", "resolve", name), join(t.dir, name), { recursive: true });
    }
    const index = await spawnCli(t.dir, ["index", ".", "--no-progress"]);
    expect(index.code).toBe(0);
    const cases: [string, string, string][] = [
      ["list_push", "c", "c-list/src/list.c"],
      ["make_circle", "cpp", "cpp-shapes/src/shape.cpp"],
      ["AsMoney", "csharp", "csharp-shop/src/Shop/Services/Checkout.cs"],
      ["apply_discount", "ruby", "ruby-shop/lib/shop/discountable.rb"],
      ["format_money", "php", "php-shop/src/Support/helpers.php"],
      ["isEmpty", "kotlin", "kotlin-shop/src/main/kotlin/com/acme/shop/CartExtensions.kt"],
    ];
    for (const [query, language, path] of cases) {
      const r = await spawnCli(t.dir, ["search", query, "--language", language, "--json", "--limit", "3"]);
      expect(r.code, r.stderr).toBe(0);
      const hits = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { file: string });
      expect(hits.map((h) => h.file)).toContain(path);
    }
  });
});
