import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./helpers.js";

// npm runs a dependency's install script with only a notice unless package.json's allowScripts
// approves (true) or denies (false) it. Every package of the lockfile that has one is reviewed
// there (optional and other platforms' packages too: another machine installs them), so
// `npm install` stays quiet and a new dependency that wants to run code at install time fails here.

interface Package {
  readonly name: string;
  readonly version: string;
}

const withInstallScripts = (): Package[] => {
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, { name?: string; version?: string; hasInstallScript?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([path, e]) => path !== "" && e.hasInstallScript === true)
    .map(([path, e]) => ({ name: e.name ?? path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length), version: e.version ?? "" }));
};

/** An allowScripts key as npm writes it: `name`, or pinned, `name@1.2.3` or `name@1.2.3 || 1.2.4`. */
const covers = (key: string, p: Package): boolean => {
  const at = key.lastIndexOf("@");
  if (at <= 0) return key === p.name;
  const spec = key.slice(at + 1).trim();
  return key.slice(0, at) === p.name && (spec === "" || spec === "*" || spec.split("||").some((v) => v.trim() === p.version));
};

describe("dependencies' install scripts", () => {
  const policy = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
  const keys = Object.keys(policy);
  const locked = withInstallScripts();

  it("are each approved or denied in package.json's allowScripts", () => {
    const unreviewed = locked.filter((p) => !keys.some((k) => covers(k, p))).map((p) => `${p.name}@${p.version}`);
    expect(
      unreviewed,
      `${unreviewed.join(", ")}: install scripts nobody reviewed. Read what each runs, then add it to allowScripts in package.json: true if Nemesis needs it (\`npm install-scripts approve <name>\`), false if not (\`npm install-scripts deny <name>\`)`,
    ).toEqual([]);
  });

  it("name no package the lockfile does not install with a script", () => {
    const stale = keys.filter((k) => !locked.some((p) => covers(k, p)));
    expect(stale, `allowScripts names ${stale.join(", ")}, which no locked package with an install script matches: remove it`).toEqual([]);
  });
});
