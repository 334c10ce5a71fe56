import type { ExtractedSymbol } from "../../../../events/index.js";
import { resolveTsModule } from "../modules/typescript.js";
import { castReceiver, createdClass, plainReceiver } from "../receiverText.js";
import { COMMON, type LanguagePolicy } from "./LanguagePolicy.js";

/** The signature of a member whose value is an arrow (`b: () =>`, `app.x = (y) =>`), not a method or `function`. */
const ARROW_MEMBER = /^[^(]*[:=]\s*(?!(?:async\s+)?function\b)[\w$(]/;

const GETTER = /^(?:(?:static|public|private|protected|override|readonly)\s+)*get\s/;

/**
 * A function assigned to a property (`exports.a = function …`, `module.exports = function a …`)
 * binds no module-level name: a bare `a()` does not call it.
 */
const bareNames = (list: readonly ExtractedSymbol[] | undefined): readonly ExtractedSymbol[] | undefined =>
  list?.some((s) => s.qualifiedName !== s.name) === true ? list.filter((s) => s.qualifiedName === s.name) : list;

/** `module.exports = function a …` is reached as the module itself, not as its export `a`. */
const exportable = (list: readonly ExtractedSymbol[] | undefined): readonly ExtractedSymbol[] | undefined =>
  list?.some((s) => s.qualifiedName === "module.exports") === true ? list.filter((s) => s.qualifiedName !== "module.exports") : list;

/** TypeScript and JavaScript (ES modules and CommonJS). */
export const TYPESCRIPT: LanguagePolicy = {
  ...COMMON,
  resolveModule: resolveTsModule,
  exportable,
  exportsWhole: true,
  functionMembers: false,
  valuesAndTypesApart: true,
  bareNames,
  isSelf: (head) => head === "this",
  selfTarget(r, scope, fromId) {
    // A `function` declared inside a method has a `this` of its own (only arrows, which never
    // become symbols here, keep the method's).
    if (r.inNestedFunction(scope, fromId)) return null;
    const path = scope.file.path;
    const cls = r.enclosingClass(scope, fromId);
    if (cls !== null) return { kind: "symbol", path, symbol: cls };
    // A method of an object (`const api = { a() { this.b(); } }`, `app.init = function () {
    // this.set(…) }`) is called on that object: its `this` is the object. An arrow's is not.
    const method = fromId !== null ? scope.byId.get(fromId) : undefined;
    const owner = method !== undefined && method.kind === "Method" && method.parent !== null && !ARROW_MEMBER.test(method.signature) ? scope.byId.get(method.parent) : undefined;
    return owner !== undefined && owner.kind === "Variable" ? { kind: "symbol", path, symbol: owner } : null;
  },
  isSuper: (head) => head === "super",
  plainReceiver: (qualifier) => plainReceiver(qualifier, true),
  instanceReceiver(receiver) {
    const created = createdClass(receiver);
    return created !== null ? { type: created.cls, rest: created.rest } : castReceiver(receiver, true);
  },
  typeAliases: true,
  constructorName: "constructor",
  isAccessor: (method) => GETTER.test(method.signature),
  readsReturnType: true,
};
