import type { Lookup } from "../Lookup.js";
import { dirname, joinPath, normalizePath } from "../paths.js";
import { MISSING, externalTarget, fileTarget, type ModuleTarget } from "./ModuleTarget.js";

const withRb = (path: string): string => (path.endsWith(".rb") ? path : `${path}.rb`);

/**
 * `require_relative "x"` (specifier `./x`): `x.rb` beside the requiring file. `require "a/b"`:
 * `a/b.rb` under the project's load path (`lib/`, `app/`, the root), else the one file of the
 * project ending with that path; otherwise a gem or the standard library, external by its first
 * segment.
 */
export const resolveRequire = (lookup: Lookup, from: string, specifier: string): ModuleTarget => {
  if (specifier.startsWith(".")) {
    const path = normalizePath(joinPath(dirname(from), withRb(specifier)));
    return path !== null && lookup.exists(path) ? fileTarget(path) : MISSING;
  }
  const file = withRb(specifier);
  for (const root of ["lib", "app", ""]) {
    const path = joinPath(root, file);
    if (lookup.exists(path)) return fileTarget(path);
  }
  const matches = lookup.endingWith(file);
  if (matches.length === 1) return fileTarget(matches[0]!);
  return externalTarget(specifier.split("/")[0]!);
};

/** `Shop::CartItem` → `shop/cart_item.rb`, the file Rails and Zeitwerk load the constant from. */
export const constantFile = (constant: string): string =>
  `${constant
    .split("::")
    .filter((s) => s.length > 0)
    .map((s) => s.replace(/([a-z\d])([A-Z])/g, "$1_$2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2").toLowerCase())
    .join("/")}.rb`;
