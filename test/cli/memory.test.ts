import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeEventLog, openEventLog, readEvents } from "../../src/events/index.js";
import { CatalogReader } from "../../src/projections/index.js";
import { tempDir } from "../helpers.js";
import { runCliInProcess } from "./runCliInProcess.js";
import { spawnCli } from "./spawnCli.js";

/**
 * Memory through the CLI in a temp project: the built `node dist/cli.js` (by vitest's
 * globalSetup) for init, a first write, the log and replay; the rest runs the same command
 * lines in this process (runCliInProcess), half a second of CPU less apiece.
 */
describe("nemesis rule / decision / convention / log", () => {
  const t = tempDir("nemesis-cli-memory-");
  const ids: Record<string, string> = {};
  const cli = (...args: string[]) => runCliInProcess(t.dir, args);
  const spawned = (...args: string[]) => spawnCli(t.dir, args);
  const idOf = (stdout: string) => /(rule|dec|conv)-[0-9a-f]{8}/.exec(stdout)?.[0] ?? "";
  const memoryDump = () => {
    const reader = CatalogReader.open(join(t.dir, ".nemesis", "catalog.db"));
    try {
      const { rules, decisions, conventions } = reader.dump();
      return { rules, decisions, conventions };
    } finally {
      reader.close();
    }
  };
  const logRows = () => {
    const log = openEventLog(join(t.dir, ".nemesis", "events.db"));
    try {
      return readEvents(log);
    } finally {
      closeEventLog(log);
    }
  };

  beforeAll(async () => {
    expect((await spawned("init")).code).toBe(0);
    const store = async (key: string, args: string[], run = cli) => {
      const r = await run(...args);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      ids[key] = idOf(r.stdout);
    };
    await store("r1", ["rule", "add", "Never log access tokens", "--scope", "src/auth/**", "--related-to", "src/auth/login.ts", "AuthService"], spawned);
    await store("r2", ["rule", "add", "Prefer small modules with one job"]);
    await store("r3", ["rule", "add", "Use named exports only"]);
    await store("d1", ["decision", "add", "--title", "SQLite for the event log", "--reasoning", "One file, WAL, no server", "--alternative", "Postgres: needs a server", "--alternative", "Kafka: far too heavy"]);
    await store("d2", ["decision", "add", "Effect for errors", "--reasoning", "Typed failures"]);
  });
  afterAll(() => t.cleanup());

  it("log shows the 3 rules and 2 decisions with local time and source", async () => {
    const r = await spawned("log");
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^\s*position\s+time\s+type\s+stream\s+source\s+summary$/);
    const rows = lines.slice(1);
    expect(rows).toHaveLength(5);
    expect(rows.filter((l) => / RuleStored /.test(l))).toHaveLength(3);
    expect(rows.filter((l) => / DecisionRecorded /.test(l))).toHaveLength(2);
    for (const row of rows) expect(row).toMatch(/^\s+#\d+\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\s+\w+\s+\S+\s+cli( \(.+\))?\s+\S/);
    expect(rows[0]).toContain(`${ids.r1}: Never log access tokens`);
    expect(rows[3]).toContain("SQLite for the event log (rejected Postgres, Kafka)");
  });

  it("log --json prints one parseable object per line with position, time, type, stream, source and data", async () => {
    const r = await cli("log", "--json");
    expect(r.code).toBe(0);
    const objects = r.stdout.trimEnd().split("\n").map((line) => JSON.parse(line));
    expect(objects.map((o) => o.type)).toEqual(["RuleStored", "RuleStored", "RuleStored", "DecisionRecorded", "DecisionRecorded"]);
    for (const o of objects) {
      expect(Object.keys(o)).toEqual(expect.arrayContaining(["position", "eventId", "time", "type", "stream", "version", "source", "actor", "data"]));
      expect(o.source).toBe("cli");
      expect(Number.isNaN(Date.parse(o.time))).toBe(false);
    }
    expect(objects[0].data).toEqual({ id: ids.r1, content: "Never log access tokens", scope: "src/auth/**", relatedTo: ["src/auth/login.ts", "AuthService"] });
  });

  it("list shows what was stored, right after the write", async () => {
    const rules = (await cli("rule", "list", "--json")).stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
    expect(rules.map((r) => r.id)).toEqual([ids.r1, ids.r2, ids.r3]);
    const ranked = await cli("rule", "list", "--topic", "auth tokens");
    expect(ranked.stdout).toContain(ids.r1);
    expect(ranked.stdout).not.toContain(ids.r2);
    expect((await cli("decision", "list")).stdout).toContain("Effect for errors");
  });

  it("retire, supersede and convention add update the lists", async () => {
    const r4 = idOf((await cli("rule", "add", "Temporary rule")).stdout);
    expect((await cli("rule", "retire", r4, "--reason", "was temporary")).code).toBe(0);
    expect((await cli("rule", "list")).stdout).not.toContain(r4);
    expect((await cli("rule", "list", "--all")).stdout).toMatch(new RegExp(`${r4}\\s+retired`));
    ids.r4 = r4;
    const d3 = idOf((await cli("decision", "add", "--title", "Postgres for the log", "--reasoning", "first idea")).stdout);
    const s = await cli("decision", "supersede", d3, "--by", ids.d1!, "--reason", "one file wins");
    expect(s.code).toBe(0);
    expect(s.stdout).toContain(`Superseded ${d3} by ${ids.d1}`);
    expect((await cli("decision", "list", "--all")).stdout).toContain(`superseded by ${ids.d1}`);
    ids.d3 = d3;
    const c = await cli("convention", "add", "--pattern", "Services are classes named <Thing>Service", "--example", "class AuthService {}");
    expect(c.code).toBe(0);
    ids.c1 = idOf(c.stdout);
    expect((await cli("convention", "list")).stdout).toContain("Services are classes named <Thing>Service");
    // The text as the argument is the pattern, as a rule's content is; nothing is dropped.
    const c2 = await cli("convention", "add", "Tests sit beside the code they test", "--example", "src/a.ts, src/a.test.ts");
    expect(c2.code).toBe(0);
    ids.c2 = idOf(c2.stdout);
    expect(memoryDump().conventions).toContainEqual(expect.objectContaining({ id: ids.c2, pattern: "Tests sit beside the code they test", example: "src/a.ts, src/a.test.ts" }));
  });

  it("adding what is already in force reports its id and the command that replaces it, exits 0 and writes nothing", async () => {
    const before = logRows();
    const same = async (args: string[], stdout: string) => {
      const r = await cli(...args);
      expect(r).toEqual({ code: 0, stdout, stderr: "" });
    };
    await same(["rule", "add", "never LOG access tokens."], `Already recorded as ${ids.r1}; nothing stored (to replace it: nemesis rule retire ${ids.r1}, then add the new rule)\n`);
    await same(
      ["decision", "add", "--title", "sqlite for the event log", "--reasoning", "One file, WAL, no server"],
      `Already recorded as ${ids.d1}; nothing stored (to replace it: record the new decision, then nemesis decision supersede ${ids.d1} --by <its id>)\n`,
    );
    await same(["decision", "add", "Effect for errors", "--reasoning", "Typed failures", "--json"], `${JSON.stringify({ id: ids.d2, alreadyRecorded: true })}\n`);
    await same(
      ["convention", "add", "--pattern", "services are classes named <thing>service", "--example", "x"],
      `Already recorded as ${ids.c1}; nothing stored (conventions cannot be retired or replaced)\n`,
    );
    expect(logRows()).toEqual(before);
  });

  it("help marks what each memory command requires", async () => {
    const help = async (...args: string[]) => {
      const r = await cli(...args, "--help");
      expect(r.code).toBe(0);
      return r.stdout.replace(/\s+/g, " ");
    };
    const ruleAdd = await help("rule", "add");
    expect(ruleAdd).toContain("Usage: nemesis rule add [options] <content>");
    const decisionAdd = await help("decision", "add");
    expect(decisionAdd).toContain("Usage: nemesis decision add <title> --reasoning <text> [options]");
    expect(decisionAdd).toContain("--reasoning <text> why (required)");
    expect(decisionAdd).not.toContain("--title <text> the title, for scripts that pass it as an option (required)");
    const conventionAdd = await help("convention", "add");
    expect(conventionAdd).toContain("Usage: nemesis convention add <pattern> --example <text> [options]");
    expect(conventionAdd).toContain('pattern the habit in words, e.g. "services are classes named <Thing>Service"');
    expect(conventionAdd).not.toContain("--pattern <text> the pattern, for scripts that pass it as an option (required)");
    expect(conventionAdd).toContain("--example <text> code or a path that shows it (required)");
    expect(conventionAdd).toContain('--scope <scope> where it applies: a glob or an area name (default: "*") --json');
    const supersede = await help("decision", "supersede");
    expect(supersede).toContain("Usage: nemesis decision supersede <id> --by <id> [options]");
    expect(supersede).toContain("--by <id> the decision that replaces it (record it first) (required)");
  });

  it("delete catalog.db, nemesis replay: the memory read model is identical to before", async () => {
    const before = memoryDump();
    expect(before.rules).toHaveLength(4);
    for (const suffix of ["", "-wal", "-shm"]) rmSync(join(t.dir, ".nemesis", `catalog.db${suffix}`), { force: true });
    const r = await spawned("replay", "--projection", "catalog");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(memoryDump()).toEqual(before);
  });

  it("replays the scratch graphs by their former name, graphs, too", async () => {
    const r = await cli("replay", "--projection", "graphs");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/scratch/);
  });

  describe("bad input: exactly one line on stderr, a non-zero exit, nothing stored changes", () => {
    let eventsBefore: unknown[] = [];
    let memoryBefore: unknown;
    beforeAll(() => {
      eventsBefore = logRows();
      memoryBefore = memoryDump();
    });
    afterAll(() => {
      expect(logRows()).toEqual(eventsBefore);
      expect(memoryDump()).toEqual(memoryBefore);
    });

    const cases: Array<[string, () => string[], 1 | 2, RegExp]> = [
      ["empty rule", () => ["rule", "add", "  "], 2, /content is empty/],
      ["missing rule text", () => ["rule", "add"], 2, /missing required argument/],
      ["oversized rule", () => ["rule", "add", "x".repeat(4001)], 2, /over the limit of 4,000/],
      ["retire an unknown id", () => ["rule", "retire", "rule-ffffffff"], 1, /no rule with id rule-ffffffff/],
      ["retire twice", () => ["rule", "retire", ids.r4!], 1, /already retired/],
      ["retire a malformed id", () => ["rule", "retire", "rule 1"], 2, /id must look like/],
      ["retire a decision id", () => ["rule", "retire", ids.d1!], 1, /is a decision id/],
      ["bad --limit", () => ["rule", "list", "--limit", "ten"], 2, /--limit must be a whole number/],
      ["decision without reasoning", () => ["decision", "add", "--title", "t"], 2, /--reasoning/],
      ["empty decision title", () => ["decision", "add", "--title", "", "--reasoning", "r"], 2, /title is empty/],
      ["decision without a title", () => ["decision", "add", "--reasoning", "r"], 2, /decision add needs a title: nemesis decision add "<what was decided>"/],
      ["two different titles", () => ["decision", "add", "Use httpcore", "--title", "Use h11", "--reasoning", "r"], 2, /two titles given \("Use httpcore" and --title "Use h11"\)/],
      ["alternative without a reason", () => ["decision", "add", "--title", "t", "--reasoning", "r", "--alternative", "Kafka"], 2, /title: reason rejected/],
      ["supersede by itself", () => ["decision", "supersede", ids.d1!, "--by", ids.d1!], 2, /cannot supersede itself/],
      ["supersede by an unknown id", () => ["decision", "supersede", ids.d2!, "--by", "dec-ffffffff"], 1, /no decision with id dec-ffffffff/],
      ["supersede twice", () => ["decision", "supersede", ids.d3!, "--by", ids.d2!], 1, /already superseded/],
      ["supersede without --by", () => ["decision", "supersede", ids.d2!], 2, /--by/],
      ["convention without example", () => ["convention", "add", "--pattern", "p"], 2, /--example/],
      ["convention without a pattern", () => ["convention", "add", "--example", "x"], 2, /convention add needs a pattern: nemesis convention add "<the habit in words>"/],
      ["two different patterns", () => ["convention", "add", "Use tabs", "--pattern", "Use spaces", "--example", "x"], 2, /two patterns given \("Use tabs" and --pattern "Use spaces"\)/],
      ["an extra word after a convention", () => ["convention", "add", "Use tabs", "really", "--example", "x"], 2, /too many arguments/],
      ["an extra word after a rule", () => ["rule", "add", "Use tabs", "always"], 2, /too many arguments/],
      ["group without subcommand", () => ["rule"], 2, /rule needs a subcommand/],
      ["unknown subcommand", () => ["decision", "remove"], 2, /unknown decision subcommand "remove"/],
      ["log --since nonsense", () => ["log", "--since", "yesterdayish"], 2, /neither a date/],
      ["log --type unknown", () => ["log", "--type", "RuleStored,Nope"], 2, /unknown event type Nope/],
      ["log --source unknown", () => ["log", "--source", "nobody"], 2, /unknown source "nobody"/],
      ["no project there", () => ["--root", join(t.dir, "nowhere"), "rule", "list"], 1, /no Nemesis project here/],
    ];

    it.each(cases)("%s", async (_name, args, code, message) => {
      const r = await cli(...args());
      expect(r.code).toBe(code);
      expect(r.stderr).toMatch(/^nemesis: [^\n]+\n$/);
      expect(r.stderr).toMatch(message);
      expect(r.stdout).toBe("");
    });
  });
});
