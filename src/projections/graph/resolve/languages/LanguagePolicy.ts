import type { ExtractedSymbol, Import, SymbolKind } from "../../../../events/index.js";
import type { Binding, FileScope, ImportTables } from "../FileScope.js";
import type { Lookup } from "../Lookup.js";
import { MISSING, type ModuleTarget } from "../modules/ModuleTarget.js";
import type { Space } from "../pickSymbol.js";
import { plainReceiver } from "../receiverText.js";
import type { Resolution } from "../Resolution.js";
import type { Target } from "../Target.js";

/** How types satisfy interfaces without naming them (see `structuralImplements`). */
export interface StructuralTyping {
  /** Kinds of symbol whose methods can satisfy an interface. */
  readonly satisfiers: ReadonlySet<SymbolKind>;
  /** The method names of such a type. */
  methodSet(r: Resolution, scope: FileScope, type: ExtractedSymbol): Set<string>;
  /** A base an interface names must be of this kind for its methods to count (Go: Interface; a Python protocol is a Class). */
  readonly interfaceKind: SymbolKind;
  /** A base an interface must name to be one (Python `Protocol`), or null: any Interface symbol is. */
  readonly marker: string | null;
  /** Bases that mark an interface rather than name one it extends (Python `Protocol`, `Generic`). */
  readonly markers: ReadonlySet<string>;
}

/**
 * What one language family does its own way when names are resolved. `Resolution`,
 * `ModuleResolver` and `TypeInference` ask the policy of the file at hand instead of testing
 * the family; an optional hook left out means the common rule applies.
 */
export interface LanguagePolicy {
  /** Where an import specifier written in `path` leads. */
  resolveModule(lookup: Lookup, path: string, specifier: string): ModuleTarget;
  /**
   * Binds an import the language's own way (Python `import a.b`, a Go package, a Java or Rust
   * path with no names listed) and says so; false: the common rule binds the names it lists.
   */
  bindImport?(tables: ImportTables, imp: Import): boolean;
  /** An import binding read the language's own way (a Rust `use` path, a Java import) instead of "module, then the name it exports". */
  importBinding?(r: Resolution, scope: FileScope, binding: Binding, depth: number, space: Space): Target | null;
  /** `binding.name` imported from the module file `path` (the common rule: what that module exports under the name). */
  importedName(r: Resolution, path: string, binding: Binding, depth: number, space: Space): Target | null;
  /** A submodule of the package module `path` that an import of `name` from it names too (Python `from pkg import mod`), or null. */
  importedSubmodule?(lookup: Lookup, path: string, name: string): string | null;
  /** Of a module's top-level declarations of a name, those an importer can reach. */
  exportable(list: readonly ExtractedSymbol[] | undefined): readonly ExtractedSymbol[] | undefined;
  /** A submodule a package's own module exports under `name` (Python `__init__.py`), or null. */
  exportedSubmodule?(lookup: Lookup, path: string, name: string): string | null;
  /** A module can export one object whole (CommonJS `module.exports = app`): its members are the module's names. */
  readonly exportsWhole: boolean;
  /** A name that star imports never bring (Python's `_private`). */
  hiddenFromStar(name: string): boolean;
  /** A static member of the class a star-imported module is (Java `import static a.B.*`), or null. */
  staticImport?(r: Resolution, module: Target, name: string, space: Space): Target | null;
  /** What a function declares in its body is a member of it (false: only a local). */
  readonly functionMembers: boolean;
  /** A type's method by the language's own rule (Go: declared anywhere in the package, or promoted from an embedded field). */
  methodOf?(r: Resolution, path: string, cls: ExtractedSymbol, name: string, seen: Set<string>, depth: number): Target | null;
  /** Variables live apart from methods and types (Java): a parameter or local never hides a bare name, and an untyped local leads nowhere. */
  readonly variablesApart: boolean;
  /** Values and types live apart (TypeScript, Rust): a parameter hides a value, never a type. */
  readonly valuesAndTypesApart: boolean;
  /** A bare name seen from inside class `cls` that the class itself provides (Java: its methods and nested types), or null. */
  classScopeName?(r: Resolution, scope: FileScope, cls: ExtractedSymbol, name: string, space: Space): Target | null;
  /** Of a module's top-level declarations of a name, those a bare name in the module denotes. */
  bareNames(list: readonly ExtractedSymbol[] | undefined): readonly ExtractedSymbol[] | undefined;
  /** A bare name declared elsewhere in the file's package (Go, Java), or null. */
  samePackageName?(r: Resolution, scope: FileScope, name: string, space: Space): Target | null;
  /** A bare field name is read before a type of that name (Java: `repo.find()` with a field `repo`). */
  readonly bareFieldNames: boolean;
  /** A qualifier's head that denotes the receiver (`this`, `self`, `cls`). */
  isSelf(head: string): boolean;
  /** What the receiver is seen from inside symbol `fromId`. */
  selfTarget(r: Resolution, scope: FileScope, fromId: string | null): Target | null;
  /** A qualifier's head that names the superclass (`super`, Python `super()`). */
  isSuper(head: string): boolean;
  /** A qualifier's head read the language's own way (Rust `self`/`Self` and paths, a Go method's receiver); undefined: the common rule. */
  qualifierHead?(r: Resolution, scope: FileScope, fromId: string | null, head: string, rustPath: boolean): Target | null | undefined;
  /** A bare name read the language's own way (Rust `Self`); undefined: the common rule. */
  bareName?(r: Resolution, scope: FileScope, fromId: string | null, name: string): Target | null | undefined;
  /** `qualifier.name` read the language's own way (Python `import a.b` then `a.b.f`, Rust `crate::`/`self::`/`super::` paths); undefined: the common rule. */
  qualifiedPath?(r: Resolution, scope: FileScope, fromId: string | null, qualifier: string, name: string, space: Space): Target | null | undefined;
  /** A receiver as written, made plain before it is split (see `receiverText.plainReceiver`). */
  plainReceiver(qualifier: string): string;
  /** A receiver that starts from an instance of a named class (`new T().a`, `(x as T).a`), or null. */
  instanceReceiver(receiver: string): { readonly type: string; readonly rest: string } | null;
  /** What a receiver is split at. */
  readonly separators: string | readonly string[];
  /** `super` as a receiver's first segment is a call (Python `super().f()`) rather than a name (`super.f()`). */
  readonly superIsCall: boolean;
  /** `type A = B<…>` stands for B where an annotation names A. */
  readonly typeAliases: boolean;
  /** The constructor whose parameters type `this.x` / `self.x` when the class says nothing else, or null. */
  readonly constructorName: string | null;
  /** The name of the method `new C()` calls when class `cls` declares it (else the class itself is called). */
  newConstructor(cls: ExtractedSymbol): string;
  /** A parameter's annotation as the type names in it are read (Python: a quoted forward reference is read unquoted). */
  annotationText(annotation: string): string;
  /** A method read without a call stands for the value it gives (a TS getter, a Python property). */
  isAccessor(method: ExtractedSymbol): boolean;
  /** A declared return type is read as written (`ExtractedSymbol.returnType`); otherwise the names in `returns`. */
  readonly readsReturnType: boolean;
  /** Types satisfy interfaces by their methods alone (Go interfaces, Python protocols); null: only by naming them. */
  readonly structural: StructuralTyping | null;
  /**
   * The files whose `implements` references written apart from their type (`FileScope.asserted`:
   * Go `var _ I = (*T)(nil)`) can be about a type of `scope`'s file; absent: none can.
   */
  assertingFiles?(r: Resolution, scope: FileScope): readonly string[];
}

/** `import a.b.C;` / `use a::b;`: the path's last segment is bound (`*`: the module's names are). */
export const bindWholePath =
  (separator: string) =>
  (tables: ImportTables, imp: Import): boolean => {
    if (imp.names.length > 0) return false;
    const at = imp.specifier.lastIndexOf(separator);
    const last = at === -1 ? imp.specifier : imp.specifier.slice(at + separator.length);
    if (last === "*") tables.starModules.push(imp);
    else tables.bindings.set(last, { imp, module: imp.specifier, name: "*", local: last });
    return true;
  };

const same = (list: readonly ExtractedSymbol[] | undefined): readonly ExtractedSymbol[] | undefined => list;

/** The common rules; each language's policy overrides what it does differently. */
export const COMMON: LanguagePolicy = {
  resolveModule: () => MISSING,
  importedName(r, path, binding, depth, space) {
    const found = r.modules.exportOf(path, binding.name, depth + 1, space);
    if (found !== null || binding.name !== "default") return found;
    // A module that names its default export has answered above. Without one (a CommonJS
    // module) the local name usually matches the declaration.
    if (r.scope(path)?.file.defaultExport !== undefined) return null;
    return binding.local !== "default" ? r.modules.exportOf(path, binding.local, depth + 1, space) : null;
  },
  exportable: same,
  exportsWhole: false,
  hiddenFromStar: () => false,
  functionMembers: true,
  variablesApart: false,
  valuesAndTypesApart: false,
  bareNames: same,
  bareFieldNames: false,
  isSelf: () => false,
  selfTarget(r, scope, fromId) {
    const cls = r.enclosingClass(scope, fromId);
    return cls !== null ? { kind: "symbol", path: scope.file.path, symbol: cls } : null;
  },
  isSuper: () => false,
  plainReceiver: (qualifier) => plainReceiver(qualifier, false),
  instanceReceiver: () => null,
  separators: ".",
  superIsCall: false,
  typeAliases: false,
  constructorName: null,
  newConstructor: () => "constructor",
  annotationText: (annotation) => annotation,
  isAccessor: () => false,
  readsReturnType: false,
  structural: null,
};
