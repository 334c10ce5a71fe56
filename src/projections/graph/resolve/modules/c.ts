import type { Lookup } from "../Lookup.js";
import { ancestorsOf, basename, dirname, joinPath, normalizePath } from "../paths.js";
import { MISSING, externalTarget, fileTarget, type ModuleTarget } from "./ModuleTarget.js";

const HEADER = /\.(?:h|hh|hpp|hxx|h\+\+|inl|ipp|tpp)$/i;
const SOURCE_EXTENSIONS = [".c", ".cc", ".cpp", ".cxx", ".c++"];

export const isHeader = (path: string): boolean => HEADER.test(path);

/**
 * Where `#include "a/b.h"` (specifier `a/b.h`) or `#include <a/b.h>` (specifier `<a/b.h>`)
 * written in `from` leads. The project's include directories are, in order: the including
 * file's folder (quoted includes only), each folder above it and the `include/` folder in each,
 * then any folder of the project that holds the path, when exactly one does (`-I src/lib`). A
 * system header the project does not hold is external (`<vector>`, `<stdio.h>`).
 */
export const resolveInclude = (lookup: Lookup, from: string, specifier: string): ModuleTarget => {
  const system = specifier.startsWith("<");
  const written = system ? specifier.replace(/^<|>$/g, "").trim() : specifier;
  const dir = dirname(from);
  if (!system) {
    const relative = normalizePath(joinPath(dir, written));
    if (relative !== null && lookup.exists(relative)) return fileTarget(relative);
  }
  for (const ancestor of ancestorsOf(dir)) {
    for (const base of [ancestor, joinPath(ancestor, "include")]) {
      const candidate = normalizePath(joinPath(base, written));
      if (candidate !== null && candidate !== from && lookup.exists(candidate)) return fileTarget(candidate);
    }
  }
  const tail = normalizePath(written);
  if (tail !== null && tail.length > 0) {
    const matches = lookup.endingWith(tail);
    if (matches.length === 1) return fileTarget(matches[0]!);
    // Several: the one nearest the including file (the longest folder prefix in common).
    if (matches.length > 1) return fileTarget(nearest(from, matches));
  }
  return system ? externalTarget(written) : MISSING;
};

const commonPrefix = (a: string, b: string): number => {
  const x = a.split("/");
  const y = b.split("/");
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
};

const nearest = (from: string, paths: readonly string[]): string => {
  let best = paths[0]!;
  for (const path of paths) if (commonPrefix(from, path) > commonPrefix(from, best)) best = path;
  return best;
};

/**
 * The source files that define what a header declares: `a.c`, `a.cpp`, … beside it, else in
 * `src/` next to its `include/`, else anywhere in the project when exactly one has that name.
 */
export const companionSources = (lookup: Lookup, header: string): string[] => {
  if (!isHeader(header)) return [];
  const stem = basename(header).replace(/\.[^.]+$/, "");
  const dir = dirname(header);
  const out: string[] = [];
  for (const ext of SOURCE_EXTENSIONS) {
    const beside = joinPath(dir, `${stem}${ext}`);
    if (lookup.exists(beside)) out.push(beside);
  }
  if (out.length > 0) return out;
  for (const ext of SOURCE_EXTENSIONS) {
    const anywhere = lookup.endingWith(`${stem}${ext}`);
    if (anywhere.length === 1) out.push(anywhere[0]!);
    else if (anywhere.length > 1) out.push(nearest(header, anywhere));
  }
  return out;
};
