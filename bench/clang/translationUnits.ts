import { readFileSync } from "node:fs";
import { dirname, extname, isAbsolute, resolve } from "node:path";

/** One file to hand clang, with the flags that compile it (no output, no warnings as errors). */
export interface TranslationUnit {
  readonly file: string;
  readonly args: readonly string[];
  /** Whether the flags came from the compile database or were borrowed (see `translationUnits`). */
  readonly fromDatabase: boolean;
}

const SOURCE = new Set([".c", ".cc", ".cpp", ".cxx", ".c++"]);

/** Splits a compile_commands `command` the way a POSIX shell would for the quoting CMake writes. */
const splitCommand = (command: string): string[] => {
  const out: string[] = [];
  const re = /"((?:\\.|[^"\\])*)"|'([^']*)'|((?:\\.|[^\s"'\\])+)/g;
  for (const m of command.matchAll(re)) out.push(m[1] ?? m[2] ?? (m[3] as string).replace(/\\(.)/g, "$1"));
  return out;
};

/**
 * The flags that change what the compiler sees (`-I`, `-D`, `-std`, `-include`…), with relative
 * include paths made absolute against the entry's directory; output, warnings and the source go.
 */
const keptFlags = (args: readonly string[], directory: string): string[] => {
  const kept: string[] = [];
  for (let i = 1; i < args.length; i++) {
    const arg = args[i] as string;
    const takesValue = ["-I", "-D", "-U", "-include", "-isystem", "-iquote", "-x"].includes(arg);
    const value = takesValue ? (args[++i] as string) : null;
    const flag = takesValue ? arg : arg.slice(0, 2);
    const rest = takesValue ? (value as string) : arg.slice(2);
    if (["-I", "-isystem", "-iquote"].includes(flag) || arg === "-include") {
      kept.push(flag, isAbsolute(rest) ? rest : resolve(directory, rest));
    } else if (flag === "-D" || flag === "-U" || arg.startsWith("-std=") || arg === "-x") {
      kept.push(flag === "-D" || flag === "-U" ? `${flag}${rest}` : arg, ...(arg === "-x" ? [value as string] : []));
    } else if (arg.startsWith("-f") && !arg.startsWith("-fdiagnostics") && !arg.startsWith("-fcolor")) kept.push(arg);
  }
  return kept;
};

const isCpp = (file: string): boolean => extname(file) !== ".c";

/**
 * Every C/C++ source file under `root` (`files`: paths relative to it), each with its flags from
 * `compileCommands` (a CMake `compile_commands.json`) when it is there. A source the database
 * leaves out (tests and tools a configure step switched off) borrows the flags of the first
 * database entry of its language (a C file of a C++ tree, their directories and macros), with the
 * root and every directory of the tree that holds a header added as include directories; without
 * a database at all it gets only those.
 */
export const translationUnits = (root: string, files: readonly string[], compileCommands: string | null): TranslationUnit[] => {
  const byFile = new Map<string, string[]>();
  if (compileCommands !== null) {
    const entries = JSON.parse(readFileSync(compileCommands, "utf8")) as { directory: string; file: string; command?: string; arguments?: string[] }[];
    for (const entry of entries) {
      const file = resolve(entry.directory, entry.file);
      byFile.set(file, keptFlags(entry.arguments ?? splitCommand(entry.command ?? ""), entry.directory));
    }
  }
  const headerDirs = [...new Set(files.filter((p) => /\.(?:h|hh|hpp|hxx)$/.test(p)).map((p) => dirname(resolve(root, p))))].sort();
  const fallback = (cpp: boolean): string[] => {
    // A C file of a C++ tree borrows the C++ entries' directories and macros, not their standard.
    const borrowed = [...byFile].find(([file]) => isCpp(file) === cpp)?.[1] ?? ([...byFile][0]?.[1] ?? []).filter((a) => !a.startsWith("-std=") && !a.startsWith("-f"));
    return [...borrowed, "-I", root, ...headerDirs.flatMap((dir) => ["-I", dir])];
  };
  return files
    .filter((path) => SOURCE.has(extname(path)))
    .map((path) => {
      const file = resolve(root, path);
      const flags = byFile.get(file);
      return { file, args: [...(flags ?? fallback(isCpp(file))), "-I", dirname(file)], fromDatabase: flags !== undefined };
    });
};
