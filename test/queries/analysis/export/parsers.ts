/**
 * Small strict readers for what the exporters write, so the tests read the output back as a
 * consumer would instead of comparing strings: each throws on anything malformed.
 */

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks; records end with CRLF. */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = "";
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error("unterminated quoted field");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") {
        if (text[i] === '"') throw new Error(`quote inside an unquoted field at ${i}`);
        field += text[i++];
      }
    }
    row.push(field);
    if (text[i] === ",") {
      i++;
      continue;
    }
    if (text.startsWith("\r\n", i)) i += 2;
    else if (i < text.length) throw new Error(`expected a comma or CRLF at ${i}`);
    rows.push(row);
    row = [];
  }
  return rows;
};

export interface DotStatement {
  readonly ids: string[];
  readonly attrs: Record<string, string>;
}

/** DOT's `digraph name { "id" [k="v", k=3]; "a" -> "b" [...]; }` with escString unescaping (`\\`, `\"`, `\n`, `\r`). */
export const parseDot = (text: string): { name: string; nodes: DotStatement[]; edges: DotStatement[] } => {
  let i = 0;
  const space = () => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i]!)) i++;
      if (text.startsWith("//", i)) while (i < text.length && text[i] !== "\n") i++;
      else return;
    }
  };
  const expect = (token: string) => {
    space();
    if (!text.startsWith(token, i)) throw new Error(`expected ${token} at ${i}: ${text.slice(i, i + 20)}`);
    i += token.length;
  };
  const id = (): string => {
    space();
    if (text[i] !== '"') {
      const m = /^[A-Za-z_0-9.]+/.exec(text.slice(i));
      if (!m) throw new Error(`expected an id at ${i}`);
      i += m[0].length;
      return m[0];
    }
    i++;
    let out = "";
    for (;;) {
      const c = text[i++];
      if (c === undefined) throw new Error("unterminated string");
      if (c === '"') return out;
      if (c === "\n") throw new Error("raw line break in a string");
      if (c !== "\\") {
        out += c;
        continue;
      }
      const e = text[i++];
      if (e === "\\") out += "\\";
      else if (e === '"') out += '"';
      else if (e === "n") out += "\n";
      else if (e === "r") out += "\r";
      else throw new Error(`unknown escape \\${e}`);
    }
  };
  const attrs = (): Record<string, string> => {
    const out: Record<string, string> = {};
    space();
    if (text[i] !== "[") return out;
    i++;
    for (;;) {
      space();
      if (text[i] === "]") {
        i++;
        return out;
      }
      const key = id();
      expect("=");
      out[key] = id();
      space();
      if (text[i] === ",") i++;
    }
  };
  expect("digraph");
  const name = id();
  expect("{");
  const nodes: DotStatement[] = [];
  const edges: DotStatement[] = [];
  for (;;) {
    space();
    if (text[i] === "}") break;
    const first = id();
    space();
    if (text.startsWith("->", i)) {
      i += 2;
      const second = id();
      edges.push({ ids: [first, second], attrs: attrs() });
    } else nodes.push({ ids: [first], attrs: attrs() });
    expect(";");
  }
  expect("}");
  space();
  if (i !== text.length) throw new Error("text after the graph");
  return { name, nodes, edges };
};

export interface XmlElement {
  readonly name: string;
  readonly attrs: Record<string, string>;
  readonly children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decode = (raw: string): string =>
  raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) throw new Error("bare &");
    if (ref.startsWith("#x")) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith("#")) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const e = ENTITIES[ref];
    if (e === undefined) throw new Error(`unknown entity ${whole}`);
    return e;
  });

/** Well-formed XML without DTDs: declaration, comments, elements, attributes (with XML's whitespace normalisation), text. */
export const parseXml = (text: string): XmlElement => {
  let i = 0;
  const skipMisc = () => {
    for (;;) {
      while (/\s/.test(text[i] ?? "")) i++;
      if (text.startsWith("<?", i)) i = text.indexOf("?>", i) + 2;
      else if (text.startsWith("<!--", i)) {
        const end = text.indexOf("-->", i + 4);
        if (text.slice(i + 4, end).includes("--")) throw new Error("-- inside a comment");
        i = end + 3;
      } else return;
    }
  };
  const element = (): XmlElement => {
    const open = /^<([A-Za-z_][\w.-]*)/.exec(text.slice(i));
    if (!open) throw new Error(`expected an element at ${i}`);
    i += open[0].length;
    const el: XmlElement = { name: open[1]!, attrs: {}, children: [], text: "" };
    for (;;) {
      while (/\s/.test(text[i]!)) i++;
      if (text.startsWith("/>", i)) {
        i += 2;
        return el;
      }
      if (text[i] === ">") {
        i++;
        break;
      }
      const attr = /^([A-Za-z_][\w.:-]*)="([^"<]*)"/.exec(text.slice(i));
      if (!attr) throw new Error(`bad attribute at ${i}: ${text.slice(i, i + 30)}`);
      if (attr[1]! in el.attrs) throw new Error(`duplicate attribute ${attr[1]}`);
      el.attrs[attr[1]!] = decode(attr[2]!.replace(/[\t\n\r]/g, " "));
      i += attr[0].length;
    }
    for (;;) {
      const lt = text.indexOf("<", i);
      if (lt < 0) throw new Error(`unclosed <${el.name}>`);
      const raw = text.slice(i, lt);
      if (raw.includes(">")) throw new Error("raw > in text");
      el.text += decode(raw);
      i = lt;
      if (text.startsWith(`</${el.name}>`, i)) {
        i += el.name.length + 3;
        return el;
      }
      if (text.startsWith("<!--", i)) {
        i = text.indexOf("-->", i) + 3;
        continue;
      }
      el.children.push(element());
    }
  };
  skipMisc();
  const root = element();
  skipMisc();
  if (i !== text.length) throw new Error("content after the root element");
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text)) throw new Error("a character XML 1.0 cannot hold");
  return root;
};
