import type { SyntaxNode } from "tree-sitter";
import type { Param } from "../../events/types/parse.js";
import type { TypeNotation } from "../../events/types/typeNotation.js";
import { writtenType } from "../../events/types/writtenType.js";
import { sameTypeNotation } from "../../events/types/sameTypeNotation.js";
import { endOf, namedChildrenOf, startOf } from "../collectNodes.js";
import { lineDocAbove } from "./docComments.js";
import { FUNCTION_KINDS, oneLine, type Extraction, type NewSymbol, type SymbolDraft } from "./Extraction.js";
import { field, identifierAt, textOf, typeNameAt, unquote, type LanguageExtractor } from "./LanguageExtractor.js";
import { splitCallee } from "./splitCallee.js";
import { splitTopLevel } from "./typeLists.js";

const BRANCHES = new Set(["if_statement", "for_statement", "expression_case", "type_case", "communication_case", "&&", "||"]);

const INTEREST = [
  "package_clause",
  "import_spec",
  "function_declaration",
  "method_declaration",
  "type_spec",
  "type_alias",
  "method_elem",
  "type_elem",
  "field_declaration",
  "const_spec",
  "var_spec",
  // `x := …` inside a function: a local typed by what it is given; a closure's parameters
  // rebind names of the function around it.
  "short_var_declaration",
  "func_literal",
  "call_expression",
  "composite_literal",
  "type_identifier",
  "qualified_type",
  "type_parameter_declaration",
];

const BUILTIN_TYPES = new Set([
  "bool", "byte", "complex64", "complex128", "error", "float32", "float64", "int", "int8", "int16", "int32",
  "int64", "rune", "string", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "any", "comparable",
]);

const DOC_SKIP = ["//go:", "//nolint", "//lint:"];
const RECEIVER_TYPE = /^\(\s*(?:[\p{L}_][\p{L}\p{N}_]*\s+)?\*?\s*([\p{L}_][\p{L}\p{N}_]*)/u;
const COMPOSITE = /^([\p{L}_][\p{L}\p{N}_]*)(?:\s*\.\s*([\p{L}_][\p{L}\p{N}_]*))?\s*(?:\[[^\]{}]*\])?\s*\{/u;
const QUALIFIED = /^([\p{L}_][\p{L}\p{N}_]*)\s*\.\s*([\p{L}_][\p{L}\p{N}_]*)/u;

const isExported = (name: string): boolean => /^\p{Lu}/u.test(name);

/**
 * The type of this package a value of `var _ I = <value>` is, as written: `(*T)(nil)`, `&T{…}`,
 * `T{…}`, `new(T)`, `T(nil)` (type arguments allowed). A call `f(…)` reads as a conversion too:
 * the resolver pairs the name only with a type of the package, never a function.
 */
const ASSERTED_VALUES = [
  /^\(\s*\*\s*([\p{L}_][\p{L}\p{N}_]*)\s*(?:\[[^\]]*\])?\s*\)\s*\(\s*nil\s*\)$/u,
  /^new\s*\(\s*([\p{L}_][\p{L}\p{N}_]*)\s*(?:\[[^\]]*\])?\s*\)$/u,
  /^&?\s*([\p{L}_][\p{L}\p{N}_]*)\s*(?:\[[^\]{}]*\])?\s*\{/u,
  /^([\p{L}_][\p{L}\p{N}_]*)\s*\(/u,
];

const assertedType = (text: string): string | null => {
  for (const pattern of ASSERTED_VALUES) {
    const m = pattern.exec(text);
    if (m !== null) return m[1]!;
  }
  return null;
};

const NAMED_PARAM = /^([\p{L}_][\p{L}\p{N}_]*)\s+(\S[\s\S]*)$/u;

/**
 * Parameters from the text of a Go parameter list. `a, b int` gives both names the type; a list
 * of bare types (`(int, error)`) gives unnamed parameters `_`. Text, not nodes: every node
 * costs a native call.
 */
export const goParamsFromText = (text: string): Param[] => {
  const inner = text.replace(/^\s*\(/, "").replace(/\)\s*$/, "");
  const parts = splitTopLevel(inner, ",").map((p) => p.part.trim()).filter((p) => p.length > 0);
  const named = parts.map((p) => NAMED_PARAM.exec(p));
  const anyNamed = named.some((m) => m !== null);
  const out: Param[] = [];
  let pendingNames: string[] = [];
  parts.forEach((part, i) => {
    const m = named[i];
    if (!anyNamed) {
      out.push({ name: "_", type: oneLine(part, 200) });
    } else if (m === null || m === undefined) {
      pendingNames.push(part);
    } else {
      const type = oneLine(m[2]!, 200);
      for (const name of pendingNames) out.push({ name, type });
      pendingNames = [];
      out.push({ name: m[1]!, type });
    }
  });
  for (const name of pendingNames) out.push({ name, type: null });
  return out;
};

const paramsOf = (x: Extraction, list: SyntaxNode | null): Param[] => {
  if (list === null) return [];
  const start = startOf(list);
  return goParamsFromText(x.slice(start, Math.min(endOf(list), start + 4000)));
};

export const makeGoExtractor = (path: string): LanguageExtractor => {
  const testFile = path.endsWith("_test.go");
  /** Methods whose receiver type is declared later in the file get their parent at the end. */
  const methods: { symbol: SymbolDraft; receiver: string }[] = [];

  /** A function, a method or a method an interface declares, with its result's range (see `returns`). */
  const addCallable = (
    x: Extraction,
    node: SyntaxNode,
    spec: Pick<NewSymbol, "kind" | "name" | "qualifiedName" | "parent"> & { signatureEnd: number },
  ): SymbolDraft => {
    const start = startOf(node);
    const symbol = x.addSymbol({
      kind: spec.kind,
      name: spec.name,
      qualifiedName: spec.qualifiedName,
      ...(spec.parent !== undefined ? { parent: spec.parent } : {}),
      start,
      end: endOf(node),
      signature: x.signature(start, spec.signatureEnd),
      doc: lineDocAbove(x.text, start, "//", DOC_SKIP),
      exported: isExported(spec.name),
      visibility: isExported(spec.name) ? "public" : "private",
      params: paramsOf(x, field(node, "parameters")),
    });
    const result = field(node, "result");
    if (result !== null) {
      symbol.returnsFrom = startOf(result);
      symbol.returnsTo = endOf(result);
    }
    return symbol;
  };

  const addFunctionLike = (x: Extraction, node: SyntaxNode, method: boolean): void => {
    const nameNode = field(node, "name");
    if (nameNode === null) return;
    const name = identifierAt(x.text, startOf(nameNode));
    const body = field(node, "body");
    let receiver: string | null = null;
    let receiverParams: string[] = [];
    if (method) {
      const recv = field(node, "receiver");
      const text = recv !== null ? x.slice(startOf(recv), Math.min(endOf(recv), startOf(recv) + 200)) : "";
      const m = RECEIVER_TYPE.exec(text);
      receiver = m !== null ? m[1]! : null;
      // `func (l *List[T])` declares T for the method body.
      const generic = m !== null ? /^\s*\[([^\]]*)\]/.exec(text.slice(m[0].length)) : null;
      if (generic !== null) receiverParams = generic[1]!.split(",").map((p) => p.trim()).filter((p) => p.length > 0);
    }
    const symbol = addCallable(x, node, {
      kind: !method && testFile && /^Test/.test(name) ? "Test" : method ? "Method" : "Function",
      name,
      qualifiedName: receiver !== null ? `${receiver}.${name}` : name,
      parent: null,
      signatureEnd: body !== null ? startOf(body) : endOf(node),
    });
    if (receiver !== null) methods.push({ symbol, receiver });
    if (receiverParams.length > 0) symbol.typeParams = new Set(receiverParams);
  };

  const visitTypeSpec = (x: Extraction, node: SyntaxNode, alias: boolean): void => {
    // Types declared inside functions are locals.
    if (x.current() !== null) return;
    const nameNode = field(node, "name");
    if (nameNode === null) return;
    const nameStart = startOf(nameNode);
    const name = identifierAt(x.text, nameStart);
    x.declNames.add(nameStart);
    const typeNode = field(node, "type");
    const typeKind = typeNode?.type;
    const kind = alias ? "Type" : typeKind === "interface_type" ? "Interface" : typeKind === "struct_type" ? "Class" : "Type";
    const start = startOf(node);
    const bodyStart = kind === "Type" || typeNode === null ? endOf(node) : startOf(typeNode);
    const header = x.slice(start, bodyStart);
    x.addSymbol({
      kind,
      name,
      start,
      end: endOf(node),
      signature: oneLine(`type ${header}${kind === "Interface" ? " interface" : kind === "Class" ? " struct" : ""}`, 200),
      doc: lineDocAbove(x.text, start, "//", DOC_SKIP),
      exported: isExported(name),
      visibility: isExported(name) ? "public" : "private",
    });
  };

  /**
   * The type a value gives the name it is bound to: the struct a composite literal builds
   * (`T{}`, `&pkg.T{}`), or the call `f()` / `pkg.F()` (the resolver takes f's result type).
   */
  const valueType = (x: Extraction, value: SyntaxNode | null): TypeNotation | null => {
    if (value === null) return null;
    const inner = value.type === "unary_expression" && x.text.startsWith("&", startOf(value)) ? field(value, "operand") : value;
    if (inner === null) return null;
    if (inner.type === "composite_literal") {
      const type = field(inner, "type");
      return type !== null && (type.type === "type_identifier" || type.type === "qualified_type") ? writtenType(textOf(x, type)) : null;
    }
    if (inner.type === "call_expression") {
      const fn = field(inner, "function");
      const text = fn !== null && (fn.type === "identifier" || fn.type === "selector_expression") ? textOf(x, fn) : "";
      return /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*$/u.test(text) ? { _tag: "Returned", callee: text } : null;
    }
    return null;
  };

  /** Names on the left of `:=` / `var … =` in a function, typed pairwise by the values (`x, err := f()` types x). */
  const bindValues = (x: Extraction, names: readonly SyntaxNode[], values: readonly SyntaxNode[], declared: string | null): void => {
    const owner = x.current();
    if (owner === null || !FUNCTION_KINDS.has(owner.kind)) return;
    names.forEach((nameNode, i) => {
      if (nameNode.type !== "identifier") return;
      const name = textOf(x, nameNode);
      if (name === "_") return;
      if (declared !== null) x.bindType(owner, name, writtenType(declared), true);
      else if (values.length === names.length) x.bindType(owner, name, valueType(x, values[i]!));
      else x.bindType(owner, name, i === 0 && values.length === 1 && values[0]!.type === "call_expression" ? valueType(x, values[0]!) : null);
    });
  };

  const visitValueSpec = (x: Extraction, node: SyntaxNode): void => {
    if (x.current() !== null) {
      if (node.type !== "var_spec") return;
      const type = field(node, "type");
      const value = field(node, "value");
      bindValues(x, namedChildrenOf(node).filter((c) => c.type === "identifier"), value !== null ? namedChildrenOf(value) : [], type !== null ? textOf(x, type) : null);
      return;
    }
    const start = startOf(node);
    // A package-level `var` keeps the one type Go gives it: declared, or its value's.
    const declared = node.type === "var_spec" ? field(node, "type") : null;
    const valueList = node.type === "var_spec" ? field(node, "value") : null;
    const values = valueList !== null ? namedChildrenOf(valueList) : [];
    const names = namedChildrenOf(node).filter((c) => c.type === "identifier");
    for (const [i, child] of names.entries()) {
      const name = textOf(x, child);
      if (name === "_") {
        if (declared !== null && values.length === names.length) visitAssertion(x, declared, values[i]!);
        continue;
      }
      x.declNames.add(startOf(child));
      const symbol = x.addSymbol({
        kind: "Variable",
        name,
        start,
        end: endOf(node),
        signature: x.signature(start, endOf(node)),
        doc: lineDocAbove(x.text, start, "//", DOC_SKIP),
        exported: isExported(name),
        visibility: isExported(name) ? "public" : "private",
      });
      const type = declared !== null ? writtenType(textOf(x, declared)) : values.length === names.length ? valueType(x, values[i]!) : null;
      if (type !== null) x.bindType(symbol, name, type, true);
    }
  };

  /**
   * `var _ I = (*T)(nil)`: the compiler checks that T implements I, so the source declares it
   * (gin's `var _ IRouter = (*RouterGroup)(nil)`). An `implements` reference to I that names T.
   */
  const visitAssertion = (x: Extraction, declared: SyntaxNode, value: SyntaxNode): void => {
    const start = startOf(value);
    const implementor = assertedType(x.slice(start, Math.min(endOf(value), start + 200)));
    const iface = declared.type === "generic_type" ? field(declared, "type") : declared;
    if (implementor === null || iface === null) return;
    if (iface.type === "type_identifier") {
      const at = startOf(iface);
      x.declNames.add(at);
      x.addReference("implements", identifierAt(x.text, at), null, at).implementor = implementor;
    } else if (iface.type === "qualified_type") {
      const q = QUALIFIED.exec(x.slice(startOf(iface), startOf(iface) + 200));
      if (q === null) return;
      x.addReference("implements", q[2]!, q[1]!, startOf(iface) + q[0].lastIndexOf(q[2]!)).implementor = implementor;
      x.skipTypesUntil = startOf(iface) + q[0].length;
    }
  };

  const embedded = (x: Extraction, start: number, kind: "extends"): void => {
    const text = x.slice(start, start + 200).replace(/^\*\s*/, "");
    const offset = x.text.slice(start, start + 200).length - text.length;
    const q = QUALIFIED.exec(text);
    if (q !== null) {
      x.addReference(kind, q[2]!, q[1]!, start + offset + q[0].lastIndexOf(q[2]!));
      x.skipTypesUntil = start + offset + q[0].length;
      return;
    }
    const name = identifierAt(text, 0);
    if (name.length === 0) return;
    x.addReference(kind, name, null, start + offset);
    x.skipTypesUntil = start + offset + name.length;
  };

  return {
    branches: BRANCHES,
    interest: INTEREST,
    visit(ref, x) {
      const type = ref.type;
      const start = ref.start;
      switch (type) {
        case "type_identifier":
          typeNameAt(x, start, BUILTIN_TYPES);
          return;
        case "qualified_type": {
          if (start < x.skipTypesUntil) return;
          const q = QUALIFIED.exec(x.slice(start, start + 200));
          if (q === null) return;
          x.typeUse(q[2]!, q[1]!, start + q[0].lastIndexOf(q[2]!));
          x.skipTypesUntil = start + q[0].length;
          return;
        }
        case "composite_literal": {
          const m = COMPOSITE.exec(x.slice(start, start + 200));
          if (m === null) return;
          if (m[2] !== undefined) x.addReference("new", m[2], m[1]!, start + m[0].indexOf(m[2], m[1]!.length));
          else x.addReference("new", m[1]!, null, start);
          // The literal's type name is the same use; do not count it again as a type reference.
          x.skipTypesUntil = start + (m[2] !== undefined ? m[0].indexOf(m[2], m[1]!.length) + m[2].length : m[1]!.length);
          return;
        }
        case "call_expression": {
          const fn = field(ref.node(), "function");
          if (fn === null) return;
          const fnStart = startOf(fn);
          if (fn.type === "identifier") x.addReference("call", identifierAt(x.text, fnStart), null, fnStart);
          else if (fn.type === "selector_expression") {
            const callee = splitCallee(x.slice(fnStart, Math.min(endOf(fn), fnStart + 400)));
            if (callee !== null) x.addReference("call", callee.name, callee.qualifier !== null ? oneLine(callee.qualifier, 120) : null, fnStart + callee.nameOffset);
          }
          return;
        }
        case "function_declaration":
          addFunctionLike(x, ref.node(), false);
          return;
        case "method_declaration":
          addFunctionLike(x, ref.node(), true);
          return;
        case "type_spec":
          visitTypeSpec(x, ref.node(), false);
          return;
        case "type_alias":
          visitTypeSpec(x, ref.node(), true);
          return;
        case "method_elem": {
          const owner = x.current();
          if (owner === null || owner.kind !== "Interface") return;
          const nameNode = field(ref.node(), "name");
          if (nameNode === null) return;
          const name = identifierAt(x.text, startOf(nameNode));
          if (!owner.members.includes(name)) owner.members.push(name);
          // The method the interface declares: what `s.Get()` reaches when s has the interface's type.
          addCallable(x, ref.node(), { kind: "Method", name, qualifiedName: `${owner.name}.${name}`, signatureEnd: endOf(ref.node()) });
          return;
        }
        case "type_elem": {
          const owner = x.current();
          if (owner === null || owner.kind !== "Interface") return;
          // `io.Reader` embedded in an interface; unions like `~int | ~string` are constraints.
          if (/^[\p{L}_][\p{L}\p{N}_.\s]*$/u.test(x.slice(start, endOf(ref.node())))) embedded(x, start, "extends");
          return;
        }
        case "field_declaration": {
          const owner = x.current();
          if (owner === null || owner.kind !== "Class") return;
          const node = ref.node();
          if (field(node, "name") === null) return embedded(x, start, "extends");
          // `st *store.Store`, `a, b T`: fields typed for `s.st.Get()`.
          const type = field(node, "type");
          if (type === null) return;
          for (const nameNode of namedChildrenOf(node)) if (nameNode.type === "field_identifier") x.bindType(owner, textOf(x, nameNode), writtenType(textOf(x, type)), true);
          return;
        }
        case "func_literal": {
          // Closures are not symbols: their parameters are names of the enclosing function,
          // typed alike only when every binding of the name agrees.
          const owner = x.current();
          const params = field(ref.node(), "parameters");
          if (owner === null || params === null || !FUNCTION_KINDS.has(owner.kind)) return;
          for (const param of namedChildrenOf(params)) {
            const type = field(param, "type");
            const written = type !== null ? writtenType(textOf(x, type)) : null;
            for (const nameNode of namedChildrenOf(param)) {
              if (nameNode.type !== "identifier") continue;
              const name = textOf(x, nameNode);
              const had = owner.types?.get(name);
              if (had === undefined) x.bindType(owner, name, written);
              else if (!sameTypeNotation(had.type, written)) x.shadowType(owner, name);
            }
          }
          return;
        }
        case "short_var_declaration": {
          const node = ref.node();
          const left = field(node, "left");
          const right = field(node, "right");
          if (left !== null && right !== null) bindValues(x, namedChildrenOf(left), namedChildrenOf(right), null);
          return;
        }
        case "const_spec":
        case "var_spec":
          visitValueSpec(x, ref.node());
          return;
        case "type_parameter_declaration": {
          const owner = x.current();
          for (const child of namedChildrenOf(ref.node())) {
            if (child.type !== "identifier") continue;
            x.declNames.add(startOf(child));
            if (owner !== null) (owner.typeParams ??= new Set()).add(textOf(x, child));
          }
          return;
        }
        case "package_clause": {
          const m = /^package\s+([\p{L}_][\p{L}\p{N}_]*)/u.exec(x.slice(start, start + 200));
          if (m !== null) x.packageName = m[1]!;
          return;
        }
        case "import_spec": {
          const node = ref.node();
          const pathNode = field(node, "path");
          if (pathNode === null) return;
          const nameNode = field(node, "name");
          x.addImport({
            specifier: unquote(textOf(x, pathNode)),
            names: [{ name: "*", alias: nameNode !== null ? textOf(x, nameNode) : null }],
            kind: "import",
            typeOnly: false,
            line: x.lineOf(start),
          });
          return;
        }
      }
    },
    finish(x) {
      const types = new Map<string, SymbolDraft>();
      for (const s of x.symbols) if (s.parent === null && (s.kind === "Class" || s.kind === "Type" || s.kind === "Interface")) types.set(s.name, s);
      for (const { symbol, receiver } of methods) {
        const owner = types.get(receiver);
        if (owner !== undefined) symbol.parent = owner.id;
      }
    },
  };
};
