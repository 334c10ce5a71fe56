/**
 * Modules for the TypeScript extractor: ES imports and exports, and CommonJS (`require`,
 * `module.exports = …`, `exports.a = …`, and functions assigned to a module-level object).
 */
import type { SyntaxNode } from "tree-sitter";
import type { ImportedName } from "../../../events/index.js";
import { endOf, firstNamedChildOf, namedChildrenOf, parentOf, startOf } from "../../collectNodes.js";
import { blockDocAbove } from "../docComments.js";
import type { Extraction, SymbolDraft } from "../Extraction.js";
import { field, textOf, unquote } from "../LanguageExtractor.js";
import { addFunction } from "./declarations.js";
import { assignmentChain, compact, exportedProperty, FUNCTION_VALUES, literalArg, type TsFile } from "./syntax.js";

/** What a `require(…)` call binds, and whether it re-exports (`exports.a = require('./a')`). */
const requireNames = (x: Extraction, call: SyntaxNode): { names: ImportedName[]; kind: "require" | "reexport" } => {
  const parent = parentOf(call);
  if (parent !== null && parent.type === "assignment_expression" && field(parent, "right")?.id === call.id) {
    // `module.exports = require('./m')` takes m's exports whole; `exports.a = require('./a')`
    // re-exports module a under the name `a`.
    const left = field(parent, "left");
    const target = left !== null ? compact(textOf(x, left)) : "";
    if (target === "module.exports") {
      x.exportsWhole = "module.exports";
      return { names: [{ name: "*", alias: "module.exports" }], kind: "require" };
    }
    const name = exportedProperty(target);
    if (name !== null && parentOf(parent)?.type === "expression_statement" && x.current() === null) {
      return { names: [{ name: "*", alias: name }], kind: "reexport" };
    }
    return { names: [], kind: "require" };
  }
  return { names: plainRequireNames(x, call), kind: "require" };
};

/** The names `const x = require(…)`, `const { a, b: c } = require(…)` or `const b = require(…).a` bind. */
const plainRequireNames = (x: Extraction, call: SyntaxNode): ImportedName[] => {
  const parent = parentOf(call);
  if (parent === null) return [];
  if (parent.type === "member_expression") {
    // `const b = require('./m').a` binds `b` to m's `a`.
    const property = field(parent, "property");
    if (property === null) return [];
    const name = textOf(x, property);
    // Anywhere else (`require('./m').a.b`, `f(require('./m').a)`) it binds no name.
    const declarator = parentOf(parent);
    const target = declarator !== null && declarator.type === "variable_declarator" ? field(declarator, "name") : null;
    if (target === null || target.type !== "identifier") return [];
    const local = textOf(x, target);
    return [{ name, alias: local !== name ? local : null }];
  }
  if (parent.type !== "variable_declarator") return [];
  const target = field(parent, "name");
  if (target === null) return [];
  if (target.type === "identifier") return [{ name: "*", alias: textOf(x, target) }];
  if (target.type !== "object_pattern") return [];
  const names: ImportedName[] = [];
  for (const part of namedChildrenOf(target)) {
    if (part.type === "shorthand_property_identifier_pattern") names.push({ name: textOf(x, part), alias: null });
    else if (part.type === "pair_pattern") {
      const key = field(part, "key");
      const value = field(part, "value");
      if (key !== null) {
        const local = value !== null && value.type === "identifier" ? textOf(x, value) : null;
        const exported = textOf(x, key);
        names.push({ name: exported, alias: local !== null && local !== exported ? local : null });
      }
    }
  }
  return names;
};

/** `import … from "m"`, `import x = require("m")`: one import of the module, with the names it binds. */
export const visitImport = (x: Extraction, node: SyntaxNode): void => {
  const line = x.lineOf(startOf(node));
  const head = x.slice(startOf(node), Math.min(endOf(node), startOf(node) + 64));
  let typeOnly = /^import\s+type\s+(?!from\b)/.test(head);
  let specifier: string | null = null;
  const names: ImportedName[] = [];
  let kind: "import" | "require" = "import";
  let typeSpecifiers = 0;
  for (const child of namedChildrenOf(node)) {
    switch (child.type) {
      case "string":
        specifier = unquote(textOf(x, child));
        break;
      case "import_require_clause": {
        kind = "require";
        const source = field(child, "source");
        if (source !== null) specifier = unquote(textOf(x, source));
        const local = firstNamedChildOf(child);
        if (local !== null && local.type === "identifier") names.push({ name: "*", alias: textOf(x, local) });
        break;
      }
      case "import_clause":
        for (const part of namedChildrenOf(child)) {
          if (part.type === "identifier") names.push({ name: "default", alias: textOf(x, part) });
          else if (part.type === "namespace_import") {
            const local = firstNamedChildOf(part);
            names.push({ name: "*", alias: local !== null ? textOf(x, local) : null });
          } else if (part.type === "named_imports") {
            for (const spec of namedChildrenOf(part)) {
              if (spec.type !== "import_specifier") continue;
              const name = field(spec, "name");
              const alias = field(spec, "alias");
              if (name === null) continue;
              if (/^type\s/.test(textOf(x, spec))) typeSpecifiers++;
              names.push({ name: unquote(textOf(x, name)), alias: alias !== null ? textOf(x, alias) : null });
            }
          }
        }
        break;
    }
  }
  if (specifier === null) return;
  if (typeSpecifiers > 0 && typeSpecifiers === names.length) typeOnly = true;
  x.addImport({ specifier, names, kind, typeOnly, line });
};

/**
 * `export … from "m"` re-exports; `export default …` and `export { a as b }` name what this
 * module exports (`defaultExport`, `exportAliases`, `TsFile.exportedNames`).
 */
export const visitExport = (file: TsFile, x: Extraction, node: SyntaxNode): void => {
  const source = field(node, "source");
  const head = x.slice(startOf(node), Math.min(endOf(node), startOf(node) + 64));
  if (source !== null) {
    const names: ImportedName[] = [];
    for (const child of namedChildrenOf(node)) {
      if (child.type === "export_clause") {
        for (const spec of namedChildrenOf(child)) {
          if (spec.type !== "export_specifier") continue;
          const name = field(spec, "name");
          const alias = field(spec, "alias");
          if (name !== null) names.push({ name: unquote(textOf(x, name)), alias: alias !== null ? unquote(textOf(x, alias)) : null });
        }
      } else if (child.type === "namespace_export") {
        const local = firstNamedChildOf(child);
        names.push({ name: "*", alias: local !== null ? unquote(textOf(x, local)) : null });
      }
    }
    if (names.length === 0) names.push({ name: "*", alias: null });
    x.addImport({
      specifier: unquote(textOf(x, source)),
      names,
      kind: "reexport",
      typeOnly: /^export\s+type\b/.test(head),
      line: x.lineOf(startOf(node)),
    });
    return;
  }
  const value = field(node, "value");
  if (value === null && /^export\s+default\b/.test(head)) {
    // `export default class X {}` / `export default function X() {}`: the declaration's name.
    const declared = field(node, "declaration");
    const name = declared !== null ? field(declared, "name") : null;
    if (name !== null) x.defaultExport = textOf(x, name);
  }
  if (value !== null) {
    if (value.type === "identifier") {
      file.exportedNames.add(textOf(x, value));
      x.defaultExport = textOf(x, value);
    } else if (FUNCTION_VALUES.has(value.type)) {
      const nameNode = field(value, "name");
      const name = nameNode !== null ? textOf(x, nameNode) : "default";
      x.defaultExport = name;
      addFunction(file, x, "Function", name, nameNode, value, value, value, { outer: node, exported: true, topLevel: true });
    } else if (value.type === "class") {
      const nameNode = field(value, "name");
      const body = field(value, "body");
      x.defaultExport = nameNode !== null ? textOf(x, nameNode) : "default";
      x.addSymbol({
        kind: "Class",
        name: nameNode !== null ? textOf(x, nameNode) : "default",
        start: startOf(value),
        end: endOf(value),
        signature: x.signature(startOf(value), body !== null ? startOf(body) : endOf(value)),
        doc: blockDocAbove(x.text, startOf(node)),
        exported: true,
      });
    }
    return;
  }
  for (const child of namedChildrenOf(node)) {
    if (child.type !== "export_clause") continue;
    for (const spec of namedChildrenOf(child)) {
      const name = spec.type === "export_specifier" ? field(spec, "name") : null;
      if (name === null) continue;
      file.exportedNames.add(textOf(x, name));
      const alias = field(spec, "alias");
      if (alias === null) continue;
      const exported = unquote(textOf(x, alias));
      if (exported === "default") x.defaultExport = textOf(x, name);
      else if (exported !== textOf(x, name)) x.exportAliases.push({ name: textOf(x, name), alias: exported });
    }
  }
};

/**
 * A function or class assigned as a property (`exports.a = function …`, `app.init = function init() …`):
 * a symbol named by the property, under `qualifiedName`, never bound as a bare name.
 */
const addAssigned = (
  file: TsFile,
  x: Extraction,
  kind: "Function" | "Method",
  nameNode: SyntaxNode,
  assignment: SyntaxNode,
  value: SyntaxNode,
  statement: SyntaxNode,
  exported: boolean,
  placed: { qualifiedName: string; parent: SymbolDraft | null },
): void => {
  const name = textOf(x, nameNode);
  const place = { outer: statement, exported, topLevel: true };
  if (FUNCTION_VALUES.has(value.type) || value.type === "method_definition") {
    addFunction(file, x, kind, name, nameNode, assignment, value, assignment, place, null, placed);
    return;
  }
  if (value.type !== "class" || kind !== "Function") return;
  const body = field(value, "body");
  x.addSymbol({
    kind: "Class",
    name,
    start: startOf(assignment),
    end: endOf(assignment),
    signature: x.signature(startOf(assignment), body !== null ? startOf(body) : endOf(value)),
    doc: blockDocAbove(x.text, startOf(statement)),
    exported,
    ...placed,
  });
};

/** `module.exports = value`: what the module exports as a whole. */
const exportWhole = (file: TsFile, x: Extraction, value: SyntaxNode, assignment: SyntaxNode, statement: SyntaxNode): void => {
  if (value.type === "identifier") {
    const name = textOf(x, value);
    x.exportsWhole = name;
    file.exportedNames.add(name);
    return;
  }
  if (FUNCTION_VALUES.has(value.type) || value.type === "class") {
    // Named or not, a function expression binds no module-level name: the symbol is `module.exports`.
    const own = field(value, "name");
    addAssigned(file, x, "Function", own ?? assignment, assignment, value, statement, true, { qualifiedName: "module.exports", parent: null });
    const symbol = x.symbols[x.symbols.length - 1];
    if (symbol !== undefined && symbol.qualifiedName === "module.exports") {
      if (own === null) symbol.name = "module.exports";
      x.exportsWhole = "module.exports";
    }
    return;
  }
  if (value.type !== "object") return;
  // `module.exports = { a, b: function () {}, c() {} }`: the names it lists.
  for (const part of namedChildrenOf(value)) {
    if (part.type === "shorthand_property_identifier") file.exportedNames.add(textOf(x, part));
    else if (part.type === "pair") {
      const key = field(part, "key");
      const v = field(part, "value");
      if (key === null || v === null || key.type !== "property_identifier") continue;
      const name = textOf(x, key);
      if (v.type === "identifier" && textOf(x, v) === name) file.exportedNames.add(name);
      else if (v.type === "identifier") x.exportAliases.push({ name: textOf(x, v), alias: name });
      else addAssigned(file, x, "Function", key, part, v, statement, true, { qualifiedName: `exports.${name}`, parent: null });
    } else if (part.type === "method_definition") {
      const key = field(part, "name");
      if (key !== null && key.type === "property_identifier") {
        addAssigned(file, x, "Function", key, part, part, statement, true, { qualifiedName: `exports.${textOf(x, key)}`, parent: null });
      }
    }
  }
};

/**
 * A CommonJS assignment statement at module level (`module.exports = …`, `exports.a = …`,
 * `obj.a = function …`); the caller has checked that no symbol encloses it.
 */
export const visitModuleAssignment = (file: TsFile, x: Extraction, node: SyntaxNode): void => {
  if (parentOf(node)?.type !== "program") return;
  const expr = firstNamedChildOf(node);
  if (expr === null || expr.type !== "assignment_expression") return;
  const { targets, lefts, value } = assignmentChain(x, expr);
  if (value === null) return;
  if (targets.includes("module.exports")) {
    exportWhole(file, x, value, expr, node);
    return;
  }
  // `exports.a = exports.b = f` names one function twice: left out rather than split.
  if (targets.length !== 1 || lefts[0]!.type !== "member_expression") return;
  const left = lefts[0]!;
  const object = field(left, "object");
  const property = field(left, "property");
  if (object === null || property === null || property.type !== "property_identifier") return;
  const name = textOf(x, property);
  if (exportedProperty(targets[0]!) !== null) {
    if (value.type === "identifier" && textOf(x, value) === name) file.exportedNames.add(name);
    // `exports.Router = Router` under another name: `exports.application = proto`.
    else if (value.type === "identifier") x.exportAliases.push({ name: textOf(x, value), alias: name });
    else addAssigned(file, x, "Function", property, expr, value, node, true, { qualifiedName: `exports.${name}`, parent: null });
    return;
  }
  // `app.init = function init() …` on a module-level variable: a method of that object.
  if (object.type !== "identifier" || !FUNCTION_VALUES.has(value.type)) return;
  const objectName = textOf(x, object);
  const owner = x.symbols.findLast((s) => s.parent === null && s.kind === "Variable" && s.name === objectName);
  if (owner === undefined) return;
  addAssigned(file, x, "Method", property, expr, value, node, false, { qualifiedName: `${owner.qualifiedName}.${name}`, parent: owner });
};

/** `require("m")` with a literal specifier: records the import and says so; false for any other call of `require`. */
export const addRequire = (x: Extraction, call: SyntaxNode, start: number): boolean => {
  const arg = literalArg(call);
  if (arg === null) return false;
  const { names, kind } = requireNames(x, call);
  x.addImport({ specifier: unquote(textOf(x, arg)), names, kind, typeOnly: false, line: x.lineOf(start) });
  return true;
};

/** `import("m")` with a literal specifier: a dynamic import of m. */
export const addDynamicImport = (x: Extraction, call: SyntaxNode): void => {
  const arg = literalArg(call);
  if (arg !== null) {
    x.addImport({ specifier: unquote(textOf(x, arg)), names: [], kind: "dynamic", typeOnly: false, line: x.lineOf(startOf(call)) });
  }
};

/** Once the file is read: a top-level symbol whose name the module exports by name is exported. */
export const markExported = (file: TsFile, x: Extraction): void => {
  if (file.exportedNames.size === 0) return;
  for (const symbol of x.symbols) {
    if (symbol.parent === null && file.exportedNames.has(symbol.name)) symbol.exported = true;
  }
};
