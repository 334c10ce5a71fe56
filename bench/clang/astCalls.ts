import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import type { TranslationUnit } from "./translationUnits.js";

/** A function or method clang saw with a body in a project file. */
export interface ClangDefinition {
  /** The mangled name; for an internal one (C `static`, an anonymous namespace) prefixed by its file. */
  readonly key: string;
  readonly name: string;
  readonly file: string;
  /** Line of the name (where a `TEST(…)` macro stands, for a test body). */
  readonly line: number;
  readonly beginLine: number;
  readonly endLine: number;
  /** `file:line`: one definition, where several programs of a tree each define a `main`. */
  readonly site: string;
}

/**
 * Why a call inside a project function is left out of the comparison, or `direct` when it is
 * compared: `pointer`, a call through a variable or field; `dependent`, a call in a template
 * whose callee only an instantiation knows; `macro`, a call written in a macro's body (the call
 * sites of a macro's arguments are kept: they are written in the function); `outside`, a callee
 * declared outside the project (system and third-party headers).
 */
export type CallCategory = "direct" | "pointer" | "dependent" | "macro" | "outside";

export interface ClangCall {
  /** The calling definition's `site`. */
  readonly caller: string;
  /** The callee's key, as a definition's (null when the call is not `direct`). */
  readonly callee: string | null;
  readonly calleeName: string;
  readonly category: CallCategory;
  readonly file: string;
  readonly line: number;
}

export interface AstCalls {
  readonly definitions: ClangDefinition[];
  readonly calls: ClangCall[];
  /** clang's exit code and its first error lines (a TU that does not compile is left out). */
  readonly exitCode: number;
  readonly errors: string[];
}

const FUNCTIONS = new Set(["FunctionDecl", "CXXMethodDecl", "CXXConstructorDecl", "CXXDestructorDecl", "CXXConversionDecl"]);
/** `CXXOperatorCallExpr` (`a == b`, `v[i]`) is no call as written, so it is not compared. */
const CALLS = new Set(["CallExpr", "CXXMemberCallExpr"]);
const TRANSPARENT = new Set(["ImplicitCastExpr", "ParenExpr", "MaterializeTemporaryExpr", "CXXBindTemporaryExpr", "ExprWithCleanups"]);
const DEPENDENT = new Set(["UnresolvedLookupExpr", "UnresolvedMemberExpr", "CXXDependentScopeMemberExpr", "DependentScopeDeclRefExpr"]);

interface Node {
  readonly id?: string;
  readonly kind?: string;
  readonly name?: string;
  readonly mangledName?: string;
  readonly storageClass?: string;
  readonly isImplicit?: boolean;
  readonly referencedDecl?: { readonly id: string; readonly kind: string; readonly name?: string };
  readonly referencedMemberDecl?: string;
  readonly inner?: Node[];
  readonly [key: string]: unknown;
}

interface Place {
  readonly file: string;
  readonly line: number;
  /** Written in a macro's body (not one of its arguments). */
  readonly macroBody: boolean;
}

const lineStarts = new Map<string, number[]>();
const lineOf = (file: string, offset: number): number => {
  let starts = lineStarts.get(file);
  if (starts === undefined) {
    starts = [0];
    try {
      const bytes = readFileSync(file);
      for (let i = 0; i < bytes.length; i++) if (bytes[i] === 10) starts.push(i + 1);
    } catch {
      // `<scratch space>`, `<built-in>`: no file behind it, every offset reads as line 1.
    }
    lineStarts.set(file, starts);
  }
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] as number) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
};

/**
 * Walks one top-level declaration of clang's JSON dump in the order clang wrote it. clang writes a
 * location's `file` only when it differs from the previous location written, so the walk carries
 * the current file from one location to the next; lines come from the byte offset.
 */
class DeclWalk {
  constructor(
    private file: string,
    private readonly root: string,
    private readonly out: { definitions: ClangDefinition[]; calls: { caller: string; calleeId: string | null; calleeName: string; category: CallCategory; place: Place }[] },
    private readonly decls: Map<string, { key: string; name: string } | "value">,
  ) {}

  private bare(o: { offset?: number; file?: string } | undefined): { file: string; offset: number } | null {
    if (o === undefined || typeof o.offset !== "number") return null;
    if (typeof o.file === "string") this.file = resolve(this.root, o.file);
    return { file: this.file, offset: o.offset };
  }

  private place(o: Record<string, unknown> | undefined): Place | null {
    if (o === undefined) return null;
    if (o.spellingLoc !== undefined) {
      this.bare(o.spellingLoc as { offset?: number; file?: string });
      const expansion = o.expansionLoc as { offset?: number; file?: string; isMacroArgExpansion?: boolean };
      const at = this.bare(expansion);
      return at === null ? null : { file: at.file, line: lineOf(at.file, at.offset), macroBody: expansion.isMacroArgExpansion !== true };
    }
    const at = this.bare(o as { offset?: number; file?: string });
    return at === null ? null : { file: at.file, line: lineOf(at.file, at.offset), macroBody: false };
  }

  /** Any locations nested in a value that is not a node (keeps the current file right). */
  private scan(value: unknown): void {
    if (Array.isArray(value)) for (const v of value) this.scan(v);
    else if (value !== null && typeof value === "object") {
      const o = value as Record<string, unknown>;
      if (typeof o.offset === "number" || o.spellingLoc !== undefined) this.place(o);
      else for (const [k, v] of Object.entries(o)) if (k !== "includedFrom") this.scan(v);
    }
  }

  inProject(file: string): boolean {
    return file.startsWith(`${this.root}/`);
  }

  visit(node: Node, caller: string | null): void {
    let at: Place | null = null;
    let begin: Place | null = null;
    let end: Place | null = null;
    for (const [k, v] of Object.entries(node)) {
      if (k === "inner") continue;
      if (k === "loc") at = this.place(v as Record<string, unknown>);
      else if (k === "range") {
        const range = v as { begin?: Record<string, unknown>; end?: Record<string, unknown> };
        begin = this.place(range.begin);
        end = this.place(range.end);
      } else if (v !== null && typeof v === "object") this.scan(v);
    }
    let innerCaller = caller;
    if ((node.kind === "FieldDecl" || node.kind === "VarDecl" || node.kind === "ParmVarDecl") && node.id !== undefined) this.decls.set(node.id, "value");
    if (node.kind !== undefined && FUNCTIONS.has(node.kind) && node.id !== undefined) {
      const mangled = node.mangledName ?? node.name ?? "";
      const internal = (node.kind === "FunctionDecl" && node.storageClass === "static") || mangled.includes("_GLOBAL__N");
      const key = internal && at !== null ? `${at.file}\u0000${mangled}` : mangled;
      this.decls.set(node.id, { key, name: node.name ?? "" });
      const hasBody = (node.inner ?? []).some((c) => c.kind === "CompoundStmt" || c.kind === "CXXTryStmt");
      // A lambda's or local class's body belongs to the function around it, as in our graph.
      if (hasBody && caller === null && node.isImplicit !== true && at !== null && this.inProject(at.file)) {
        const site = `${at.file}:${at.line}`;
        this.out.definitions.push({ key, name: node.name ?? "", file: at.file, line: at.line, beginLine: begin?.line ?? at.line, endLine: end?.line ?? at.line, site });
        innerCaller = site;
      }
    }
    if (node.kind !== undefined && CALLS.has(node.kind) && caller !== null && begin !== null) {
      const callee = calleeOf(node);
      const category: CallCategory = begin.macroBody ? "macro" : callee.category;
      this.out.calls.push({ caller, calleeId: callee.id, calleeName: callee.name, category, place: begin });
    }
    for (const child of node.inner ?? []) this.visit(child, innerCaller);
  }

  get currentFile(): string {
    return this.file;
  }
}

const calleeOf = (call: Node): { id: string | null; name: string; category: CallCategory } => {
  let c = call.inner?.[0];
  while (c !== undefined && c.kind !== undefined && TRANSPARENT.has(c.kind)) c = c.inner?.[0];
  if (c === undefined) return { id: null, name: "", category: "pointer" };
  if (c.kind === "DeclRefExpr" && c.referencedDecl !== undefined) {
    const ref = c.referencedDecl;
    return FUNCTIONS.has(ref.kind) ? { id: ref.id, name: ref.name ?? "", category: "direct" } : { id: null, name: ref.name ?? "", category: "pointer" };
  }
  if (c.kind === "MemberExpr" && typeof c.referencedMemberDecl === "string") {
    // A field of function-pointer type is a MemberExpr too; the declaration map tells them apart later.
    return { id: c.referencedMemberDecl, name: c.name ?? "", category: "direct" };
  }
  if (c.kind !== undefined && DEPENDENT.has(c.kind)) return { id: null, name: c.name ?? "", category: "dependent" };
  return { id: null, name: "", category: "pointer" };
};

/**
 * Runs clang on one translation unit and reads, from its JSON AST, every function defined in a
 * project file and every call inside one. The dump (tens of MB per C++ file, nearly all system
 * headers) is read line by line; only the top-level declarations that reach a project file are
 * parsed as JSON.
 */
export const astCalls = (root: string, unit: TranslationUnit): Promise<AstCalls> =>
  new Promise((done, fail) => {
    const child = spawn("clang", [...unit.args, "-fsyntax-only", "-w", "-ferror-limit=20", "-Xclang", "-ast-dump=json", unit.file], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const errors: string[] = [];
    createInterface({ input: child.stderr }).on("line", (line) => {
      if (/error:/.test(line) && errors.length < 5) errors.push(line);
    });
    const out = { definitions: [] as ClangDefinition[], calls: [] as { caller: string; calleeId: string | null; calleeName: string; category: CallCategory; place: Place }[] };
    const decls = new Map<string, { key: string; name: string } | "value">();
    const inProject = (file: string): boolean => file.startsWith(`${root}/`);
    let file = "";
    let previous = "";
    let chunk: string[] | null = null;
    let chunkStartFile = "";
    let touched = false;
    let dropped = false;
    let lost = 0;
    createInterface({ input: child.stdout, crlfDelay: Infinity })
      .on("line", (line) => {
        if (line === "    {") {
          chunk = [];
          dropped = false;
          chunkStartFile = file;
          touched = inProject(file);
        }
        const m = /^\s*"file": "((?:\\.|[^"\\])*)",?$/.exec(line);
        // `includedFrom` also holds a `file`; a location's own comes right after its `offset`.
        if (m !== null && /^\s*"offset": \d+,$/.test(previous)) {
          file = resolve(root, JSON.parse(`"${m[1]}"`) as string);
          if (inProject(file)) touched = true;
        }
        previous = line;
        if (chunk === null) return;
        if (!touched && !dropped && chunk.length > 200) {
          // Far into a declaration without reaching a project file: a system header's; keep no text.
          chunk.length = 0;
          dropped = true;
        }
        if (!dropped) chunk.push(line);
        if (line === "    }," || line === "    }") {
          if (touched && dropped) lost++;
          else if (touched) {
            chunk[chunk.length - 1] = "    }";
            const walk = new DeclWalk(chunkStartFile, root, out, decls);
            walk.visit(JSON.parse(chunk.join("\n")) as Node, null);
            if (walk.currentFile !== file) fail(new Error(`${unit.file}: lost track of the current file (${walk.currentFile} against ${file})`));
          }
          chunk = null;
        }
      })
      .on("close", () => {
        child.on("close", (code) => {
          const calls: ClangCall[] = out.calls.map((c) => {
            const found = c.calleeId === null ? undefined : decls.get(c.calleeId);
            const callee = found === "value" ? undefined : found;
            const category: CallCategory = c.category !== "direct" ? c.category : found === "value" ? "pointer" : callee === undefined ? "outside" : "direct";
            return { caller: c.caller, callee: category === "direct" ? (callee?.key ?? null) : null, calleeName: callee?.name ?? c.calleeName, category, file: c.place.file, line: c.place.line };
          });
          if (lost > 0) errors.push(`${lost} declarations reached a project file only after their first 200 lines and were not read`);
          done({ definitions: out.definitions, calls, exitCode: code ?? -1, errors });
        });
      });
    child.on("error", (e) => fail(new Error(`could not run clang (the Debian package clang): ${e.message}`)));
  });
