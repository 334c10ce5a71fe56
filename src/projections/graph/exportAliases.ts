import type { FileParsed } from "../../events/index.js";

/**
 * A name a module exports for a definition under another name: `export { Dialog as Popup }`, or
 * `export { Dialog as Sheet } from "./dialog"`. The graph keeps each as a Variable node of the
 * exporting file with an IMPORTS edge to the definition, because agents ask by the name they
 * read (`Popup.area`) and the parse result is the only other place the name is written.
 */
export interface ExportAlias {
  /** The exported name (`Popup`). */
  readonly alias: string;
  /** What it names: a name of this module, or of `from`'s. */
  readonly name: string;
  /** The module a re-export names (`./dialog`); null for a name of this module. */
  readonly from: string | null;
  /** The re-export's line; 0 for this module's names, whose export statement the parse does not place. */
  readonly line: number;
}

/**
 * The renaming exports of a file, in the order written. A name the file also declares keeps its
 * declaration's node id (the alias is left out); `default` is the module's default export, and
 * `export * as ns` a namespace, neither an alias of one definition. `export { default as Button }
 * from "./Button"` is left out too: a barrel's usual line, it nearly always repeats the name the
 * definition already has, and the parse of this file alone cannot tell when it does not.
 */
export const exportAliasesOf = (file: FileParsed): ExportAlias[] => {
  const taken = new Set(file.symbols.map((s) => s.id));
  const out: ExportAlias[] = [];
  const add = (alias: ExportAlias): void => {
    if (alias.alias === "default" || alias.name === "*" || alias.name === "default" || alias.alias === alias.name || taken.has(alias.alias)) return;
    taken.add(alias.alias);
    out.push(alias);
  };
  for (const imp of file.imports) {
    if (imp.kind !== "reexport") continue;
    for (const n of imp.names) if (n.alias !== null) add({ alias: n.alias, name: n.name, from: imp.specifier, line: imp.line });
  }
  for (const a of file.exportAliases ?? []) if (a.alias !== null) add({ alias: a.alias, name: a.name, from: null, line: 0 });
  return out;
};

/**
 * The alias as an ES export statement, shown as the node's signature: the form a reader knows,
 * whatever syntax wrote it (`exports.b = a` in CommonJS says the same).
 */
export const exportAliasSignature = (a: ExportAlias): string =>
  `export { ${a.name} as ${a.alias} }${a.from === null ? "" : ` from ${JSON.stringify(a.from)}`}`;
