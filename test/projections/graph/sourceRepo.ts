import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import type { LogHandle, NewEvent } from "../../../src/events/index.js";
import { parseSource } from "../../../src/parse/parseSource.js";
import { REPO_ROOT } from "../../helpers.js";
import { append } from "./fixtureRepo.js";

export const FIXTURE_REPO = join(REPO_ROOT, "fixtures", "graph", "repo");

/** Small projects in C, C++, C#, Ruby, PHP and Kotlin (the resolution fixtures), side by side, for the same property over those languages. */
export const MORE_LANGUAGES_ROOTS = ["c-list", "cpp-shapes", "csharp-shop", "ruby-shop", "php-shop", "kotlin-shop"].map((name) => join(REPO_ROOT, "fixtures", "resolve", name));
export const MORE_LANGUAGES_NAMES = [
  "Circle", "Shape", "area", "scale", "make_circle", "clamp", "twice", "geo", "list_push", "list_len", "list_each", "node_t", "make_node",
  "Cart", "Item", "Checkout", "Total", "Add", "Changed", "add", "total", "Ledger", "record", "Order", "Customer", "notify", "save", "find", "empty", "isEmpty", "Base",
];

const NAMES = ["User", "makeUser", "Store", "login", "logout", "Admin", "Identity", "helper", "save", "load", "id", "Cart", "Item", "price_of", "add", "total", "run"];

const listFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });

/**
 * fixtures/graph/repo as a working tree in memory: every write is parsed by the real parser and
 * appended as `FileParsed` / `ParseFailed`, like the scan and parse reactor would.
 */
export class SourceRepo {
  readonly original = new Map<string, string>();
  readonly files = new Map<string, string>();
  private readonly last = new Map<string, NewEvent>();

  /** `roots`: one tree (its files at the top), or several, each in a folder named like it. */
  constructor(
    private readonly log: LogHandle,
    roots: readonly string[] = [FIXTURE_REPO],
    private readonly names: readonly string[] = NAMES,
  ) {
    for (const root of roots) {
      const prefix = roots.length > 1 ? `${basename(root)}/` : "";
      for (const full of listFiles(root).sort()) {
        this.original.set(`${prefix}${relative(root, full).split("\\").join("/")}`, readFileSync(full, "utf8"));
      }
    }
  }

  indexAll(): void {
    for (const [path, text] of this.original) this.write(path, text);
  }

  write(path: string, text: string): void {
    const contentHash = createHash("sha256").update(text).digest("hex").slice(0, 16);
    const parsed = parseSource({ path, text, contentHash, budgetMs: 60_000 });
    const event: NewEvent = parsed.ok
      ? { type: "FileParsed", data: parsed.result, meta: { source: "test" } }
      : { type: "ParseFailed", data: { path, contentHash, reason: parsed.reason }, meta: { source: "test" } };
    append(this.log, path, event);
    this.files.set(path, text);
    this.last.set(path, event);
  }

  delete(path: string): void {
    append(this.log, path, { type: "FileDeleted", data: { path }, meta: { source: "test" } });
    this.files.delete(path);
    this.last.delete(path);
  }

  /** One random change: rename an identifier, copy a sibling's text, move, delete or restore a file. */
  randomStep(rand: () => number): void {
    const pick = <T>(xs: ReadonlyArray<T>): T => xs[Math.floor(rand() * xs.length)]!;
    const live = [...this.files.keys()].filter((p) => !p.endsWith(".json")).sort();
    const r = rand();
    if (live.length === 0 || r < 0.15) {
      const path = pick([...this.original.keys()]);
      this.write(path, this.original.get(path)!);
      return;
    }
    const path = pick(live);
    const text = this.files.get(path)!;
    if (r < 0.55) {
      const present = this.names.filter((n) => new RegExp(`\\b${n}\\b`).test(text));
      if (present.length === 0) return this.write(path, `${text}\n`);
      const from = pick(present);
      const to = rand() < 0.5 ? `${from}2` : pick(this.names);
      this.write(path, text.replace(new RegExp(`\\b${from}\\b`, "g"), to));
    } else if (r < 0.65) {
      const ext = path.slice(path.lastIndexOf("."));
      const sibling = pick(live.filter((p) => p.endsWith(ext)));
      this.write(path, this.files.get(sibling)!);
    } else if (r < 0.8) {
      const ext = path.slice(path.lastIndexOf("."));
      const moved = path.endsWith(`_m${ext}`) ? path.replace(`_m${ext}`, ext) : path.replace(ext, `_m${ext}`);
      if (this.files.has(moved)) return this.delete(path);
      this.delete(path);
      this.write(moved, text);
    } else if (r < 0.92) {
      this.delete(path);
    } else {
      this.write(path, `${text}\n(((`);
    }
  }

  indexFreshInto(log: LogHandle): void {
    for (const path of [...this.last.keys()].sort()) append(log, path, this.last.get(path)!);
  }
}
