import type { SyntaxNode } from "tree-sitter";
import { writtenType, type Param, type SymbolKind } from "../../../events/index.js";
import { endOf, namedChildrenOf, startOf } from "../../collectNodes.js";
import { blockDocAbove } from "../docComments.js";
import { FUNCTION_KINDS, oneLine, type Extraction, type SymbolDraft } from "../Extraction.js";
import { field, textOf, unquote, type LanguageExtractor } from "../LanguageExtractor.js";
import { afterAttributes } from "../shared/handlers.js";
import { tableExtractor, type Handler, type LanguageTable } from "../table/LanguageTable.js";

/** What a PHP file's handlers share. */
interface PhpScope {
  /** A test file by its path (`tests/`, `*Test.php`). */
  readonly testFile: boolean;
}

const TEST_PATH = /(^|\/)tests?\/|Test\.php$/;
const BRANCHES = new Set(["if_statement", "else_if_clause", "for_statement", "foreach_statement", "while_statement", "do_statement", "case_statement", "catch_clause", "conditional_expression", "match_conditional_expression", "&&", "||", "and", "or", "??"]);

const TYPE_DECLARATIONS: Record<string, SymbolKind> = {
  class_declaration: "Class",
  interface_declaration: "Interface",
  trait_declaration: "Interface",
  enum_declaration: "Enum",
};

const ACCESS = /\b(public|private|protected)\b/;
/** Pest's `it('…', fn)` and `test('…', fn)`: a test named by its string. */
const PEST_CALLS = new Set(["it", "test"]);
const CLASS_NAME = /^\\?[\p{L}_][\p{L}\p{N}_]*(?:\\[\p{L}_][\p{L}\p{N}_]*)*$/u;

const docAbove = (x: Extraction, start: number): string | null => blockDocAbove(x.text, start);

/** `$this->repo?->find` as a receiver is read `this.repo.find`; other variables keep their `$`. */
const receiverText = (x: Extraction, node: SyntaxNode): string =>
  oneLine(x.slice(startOf(node), Math.min(endOf(node), startOf(node) + 400)), 120)
    .replace(/\s*\??->\s*/g, ".")
    .replace(/^\$this\b/, "this");

/** A class name as the resolver reads it: `\App\Models\User` → qualifier `App\Models`, name `User`. */
const splitClassName = (text: string): { name: string; qualifier: string | null } => {
  const clean = text.replace(/\s+/g, "").replace(/^\\/, "");
  const cut = clean.lastIndexOf("\\");
  return cut === -1 ? { name: clean, qualifier: null } : { name: clean.slice(cut + 1), qualifier: clean.slice(0, cut) };
};

const paramsOf = (x: Extraction, list: SyntaxNode | null): Param[] => {
  if (list === null) return [];
  const out: Param[] = [];
  for (const p of namedChildrenOf(list)) {
    if (p.type !== "simple_parameter" && p.type !== "property_promotion_parameter" && p.type !== "variadic_parameter") continue;
    const name = field(p, "name") ?? namedChildrenOf(p).find((c) => c.type === "variable_name") ?? null;
    const type = field(p, "type");
    out.push({ name: name !== null ? textOf(x, name) : "", type: type !== null ? oneLine(textOf(x, type), 200) : null });
  }
  return out;
};

const bindTyped = (x: Extraction, owner: SymbolDraft, name: string, written: string): void => {
  const bare = written.replace(/^\?/, "").trim();
  if (!CLASS_NAME.test(bare) || /^(?:int|float|string|bool|array|mixed|void|null|callable|iterable|object|self|static|never|false|true)$/i.test(bare)) return;
  x.bindType(owner, name, writtenType(bare.replace(/^\\/, "").replace(/\\/g, ".")), true);
};

const typeDeclaration =
  (kind: SymbolKind): Handler<PhpScope> =>
  (ref, x) => {
    const node = ref.node();
    const nameNode = field(node, "name");
    if (nameNode === null) return;
    const start = afterAttributes(node);
    const body = field(node, "body");
    const symbol = x.addSymbol({
      kind,
      name: textOf(x, nameNode),
      start: ref.start,
      end: endOf(node),
      signature: oneLine(x.slice(start, body !== null ? startOf(body) : endOf(node)), 200),
      doc: docAbove(x, ref.start),
      exported: true,
      visibility: "public",
    });
    x.declNames.add(startOf(nameNode));
    for (const clause of namedChildrenOf(node)) {
      if (clause.type !== "base_clause" && clause.type !== "class_interface_clause") continue;
      // An interface's `extends` lists interfaces; a class's `extends` its parent, `implements` its interfaces.
      const relation = clause.type === "base_clause" ? "extends" : "implements";
      for (const base of namedChildrenOf(clause)) {
        if (base.type !== "name" && base.type !== "qualified_name") continue;
        const { name, qualifier } = splitClassName(textOf(x, base));
        x.addReference(relation, name, qualifier, startOf(base), symbol);
      }
    }
  };

/** `use Loggable, Cacheable;` in a class body: the traits it takes in (IMPLEMENTS). */
const traitUse: Handler<PhpScope> = (ref, x) => {
  const owner = x.current();
  if (owner === null || (owner.kind !== "Class" && owner.kind !== "Interface" && owner.kind !== "Enum")) return;
  for (const trait of namedChildrenOf(ref.node())) {
    if (trait.type !== "name" && trait.type !== "qualified_name") continue;
    const { name, qualifier } = splitClassName(textOf(x, trait));
    x.addReference("implements", name, qualifier, startOf(trait), owner);
  }
};

const callable =
  (method: boolean): Handler<PhpScope> =>
  (ref, x, s) => {
    const node = ref.node();
    const nameNode = field(node, "name");
    if (nameNode === null) return;
    const start = afterAttributes(node);
    const name = textOf(x, nameNode);
    const body = field(node, "body");
    const owner = x.current();
    const modifiers = x.slice(start, startOf(nameNode));
    const access = ACCESS.exec(modifiers);
    const visibility = access !== null ? (access[1] as "public" | "private" | "protected") : "public";
    const doc = docAbove(x, ref.start);
    const isTest = s.testFile && method && (/^test/.test(name) || /@test\b/.test(doc ?? "") || /#\[\s*(?:\\?PHPUnit\\Framework\\Attributes\\)?Test\b/.test(x.slice(ref.start, start)));
    if (owner !== null && owner.kind === "Interface" && !owner.members.includes(name)) owner.members.push(name);
    const params = field(node, "parameters");
    const symbol = x.addSymbol({
      kind: isTest ? "Test" : method ? "Method" : "Function",
      name,
      start: ref.start,
      end: endOf(node),
      signature: x.signature(start, body !== null ? startOf(body) : endOf(node)).replace(/\s*;$/, ""),
      doc,
      exported: visibility === "public",
      visibility,
      params: paramsOf(x, params),
    });
    x.declNames.add(startOf(nameNode));
    const returnType = field(node, "return_type");
    if (returnType !== null) {
      symbol.returnsFrom = startOf(returnType);
      symbol.returnsTo = endOf(returnType);
      for (const m of textOf(x, returnType).matchAll(/\\?[\p{L}_][\p{L}\p{N}_\\]*/gu)) {
        const n = splitClassName(m[0]).name;
        if (/^\p{Lu}/u.test(n) && n !== "self" && !symbol.returns.includes(n)) symbol.returns.push(n);
      }
    }
    // `__construct(private Repo $repo)`: a property typed for `$this->repo->find()`.
    if (name === "__construct" && owner !== null && params !== null) {
      for (const p of namedChildrenOf(params)) {
        if (p.type !== "property_promotion_parameter") continue;
        const type = field(p, "type");
        const pname = field(p, "name") ?? namedChildrenOf(p).find((c) => c.type === "variable_name") ?? null;
        if (type !== null && pname !== null) bindTyped(x, owner, textOf(x, pname).replace(/^\$/, ""), textOf(x, type));
      }
    }
  };

/** `private Repo $repo;`: a property typed for `$this->repo->find()`. */
const property: Handler<PhpScope> = (ref, x) => {
  const owner = x.current();
  const node = ref.node();
  const type = field(node, "type");
  if (owner === null || type === null) return;
  for (const element of namedChildrenOf(node)) {
    if (element.type !== "property_element") continue;
    const name = namedChildrenOf(element).find((c) => c.type === "variable_name");
    if (name !== undefined) bindTyped(x, owner, textOf(x, name).replace(/^\$/, ""), textOf(x, type));
  }
};

/** `$u = new User()` in a function: a local typed User. */
const assignment: Handler<PhpScope> = (ref, x) => {
  const owner = x.current();
  if (owner === null || !FUNCTION_KINDS.has(owner.kind)) return;
  const node = ref.node();
  const left = field(node, "left");
  const right = field(node, "right");
  if (left === null || left.type !== "variable_name") return;
  const name = textOf(x, left);
  x.addLocal(owner, name);
  const created = right !== null && right.type === "object_creation_expression" ? namedChildrenOf(right).find((c) => c.type === "name" || c.type === "qualified_name") : undefined;
  const scope = right !== null && right.type === "scoped_call_expression" ? field(right, "scope") : null;
  const method = right !== null && right.type === "scoped_call_expression" ? field(right, "name") : null;
  if (created !== undefined) bindTyped(x, owner, name, textOf(x, created));
  else if (scope !== null && method !== null && CLASS_NAME.test(textOf(x, scope))) {
    // `$order = Order::find(1)`: what the static method returns (`static` is the class it is called on).
    x.bindType(owner, name, { _tag: "Returned", callee: `${splitClassName(textOf(x, scope)).name}.${textOf(x, method)}` });
  } else x.shadowType(owner, name);
};

const argumentCount = (node: SyntaxNode): number => {
  const args = field(node, "arguments");
  return args !== null ? namedChildrenOf(args).filter((c) => c.type === "argument" || c.type === "variadic_placeholder").length : 0;
};

/** `f()`, `\App\f()`, Pest's `it('…', fn)` in a test file. */
const functionCall: Handler<PhpScope> = (ref, x, s) => {
  const node = ref.node();
  const fn = field(node, "function");
  if (fn === null || (fn.type !== "name" && fn.type !== "qualified_name")) return;
  const { name, qualifier } = splitClassName(textOf(x, fn));
  if (s.testFile && qualifier === null && PEST_CALLS.has(name) && x.current() === null) {
    const first = namedChildrenOf(field(node, "arguments") ?? node)[0];
    const title = first !== undefined ? namedChildrenOf(first)[0] : undefined;
    if (title !== undefined && (title.type === "string" || title.type === "encapsed_string")) {
      x.addSymbol({ kind: "Test", name: oneLine(unquote(textOf(x, title)), 200), start: ref.start, end: endOf(node), signature: oneLine(x.slice(ref.start, endOf(title) + 1), 200), visibility: "public" });
      return;
    }
  }
  const reference = x.addReference("call", name, qualifier, startOf(fn) + textOf(x, fn).lastIndexOf(name));
  reference.arity = argumentCount(node);
  if (qualifier !== null) reference.path = true;
};

/** `$a->b->f()`, `$a?->f()`: a call through a receiver. */
const memberCall: Handler<PhpScope> = (ref, x) => {
  const node = ref.node();
  const object = field(node, "object");
  const name = field(node, "name");
  if (object === null || name === null || name.type !== "name") return;
  x.addReference("call", textOf(x, name), receiverText(x, object), startOf(name)).arity = argumentCount(node);
};

/** `User::find()`, `\App\User::find()`, `parent::f()`, `self::f()`, `static::f()`: a static call. */
const scopedCall: Handler<PhpScope> = (ref, x) => {
  const node = ref.node();
  const scope = field(node, "scope");
  const name = field(node, "name");
  if (scope === null || name === null || name.type !== "name") return;
  const text = textOf(x, scope).replace(/\s+/g, "");
  const qualifier = text.startsWith("$") ? receiverText(x, scope) : text.replace(/^\\/, "");
  x.addReference("call", textOf(x, name), qualifier, startOf(name)).arity = argumentCount(node);
};

const objectCreation: Handler<PhpScope> = (ref, x) => {
  const node = ref.node();
  const type = namedChildrenOf(node).find((c) => c.type === "name" || c.type === "qualified_name");
  if (type === undefined) return;
  const { name, qualifier } = splitClassName(textOf(x, type));
  if (name === "static" || name === "self") return;
  x.addReference("new", name, qualifier, startOf(type) + textOf(x, type).lastIndexOf(name)).arity = argumentCount(node);
};

const namespaceDefinition: Handler<PhpScope> = (ref, x) => {
  const name = field(ref.node(), "name");
  if (name !== null && x.packageName === null) x.packageName = textOf(x, name).replace(/\s+/g, "");
};

/** `use App\Models\User;`, `use App\Support\{Str, Arr as A};`, `use function App\format;`: one import per name, its specifier the full name. */
const useDeclaration: Handler<PhpScope> = (ref, x) => {
  const node = ref.node();
  const line = x.lineOf(ref.start);
  const children = namedChildrenOf(node);
  const group = children.find((c) => c.type === "namespace_use_group");
  const prefix = group !== undefined ? children.find((c) => c.type === "namespace_name") : undefined;
  const base = prefix !== undefined ? `${textOf(x, prefix).replace(/\s+/g, "")}\\` : "";
  for (const clause of namedChildrenOf(group ?? node)) {
    if (clause.type !== "namespace_use_clause") continue;
    const parts = namedChildrenOf(clause);
    const target = parts[0];
    if (target === undefined) continue;
    const full = `${base}${textOf(x, target).replace(/\s+/g, "").replace(/^\\/, "")}`;
    const alias = parts.length > 1 ? textOf(x, parts[parts.length - 1]!) : null;
    const last = full.slice(full.lastIndexOf("\\") + 1);
    x.addImport({ specifier: full, names: [{ name: last, alias: alias !== null && alias !== last ? alias : null }], kind: "import", typeOnly: false, line });
  }
};

/** `const LIMIT = 10;` at the top of a file or in a class. */
const constDeclaration: Handler<PhpScope> = (ref, x) => {
  const owner = x.current();
  if (owner !== null && FUNCTION_KINDS.has(owner.kind)) return;
  for (const element of namedChildrenOf(ref.node())) {
    if (element.type !== "const_element") continue;
    const name = namedChildrenOf(element).find((c) => c.type === "name");
    if (name === undefined) continue;
    x.declNames.add(startOf(name));
    x.addSymbol({ kind: "Variable", name: textOf(x, name), start: ref.start, end: endOf(ref.node()), signature: x.signature(ref.start, endOf(ref.node())).replace(/\s*;$/, ""), doc: docAbove(x, ref.start), exported: true, visibility: "public" });
  }
};

const HANDLERS: Record<string, Handler<PhpScope>> = {
  ...Object.fromEntries(Object.entries(TYPE_DECLARATIONS).map(([type, kind]) => [type, typeDeclaration(kind)])),
  namespace_definition: namespaceDefinition,
  namespace_use_declaration: useDeclaration,
  use_declaration: traitUse,
  method_declaration: callable(true),
  function_definition: callable(false),
  property_declaration: property,
  const_declaration: constDeclaration,
  assignment_expression: assignment,
  function_call_expression: functionCall,
  member_call_expression: memberCall,
  nullsafe_member_call_expression: memberCall,
  scoped_call_expression: scopedCall,
  object_creation_expression: objectCreation,
};

export const phpTable: LanguageTable<PhpScope> = {
  branches: BRANCHES,
  handlers: HANDLERS,
  scope: (path) => ({ testFile: TEST_PATH.test(path) }),
};

export const makePhpExtractor = (path: string): LanguageExtractor => tableExtractor(phpTable, path);
