import { TALLY_ENUM_PREFIX } from "./xml";

// A strict little XML reader for the validator (decision 0080): elements, attributes in double
// quotes, text, the five named entities and character references, comments and the declaration.
// Anything else (a stray "<" or "&", a mismatched end tag, two roots) is an error, as for a strict
// parser. Tally's "&#4;" token is the one exception it tolerates (research §1.7): it reads as
// TALLY_ENUM_MARK in the text.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class XmlSyntaxError extends Error {}

export const TALLY_ENUM_MARK = "\u0004";

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

function decode(raw: string, at: number): string {
  return raw.replace(/&([^;&\s<]*);|&/g, (whole, ref: string | undefined) => {
    if (ref === undefined) throw new XmlSyntaxError(`A bare "&" near offset ${at}.`);
    if (ref in NAMED) return NAMED[ref]!;
    const numeric = /^#(?:x([0-9A-Fa-f]+)|([0-9]+))$/.exec(ref);
    if (!numeric) throw new XmlSyntaxError(`Unknown entity ${whole} near offset ${at}.`);
    const code = numeric[1] ? Number.parseInt(numeric[1], 16) : Number(numeric[2]);
    if (!isXmlChar(code)) throw new XmlSyntaxError(`Character reference ${whole} is not allowed in XML.`);
    return String.fromCodePoint(code);
  });
}

const NAME = /^[A-Za-z_][\w.:-]*/;

export function parseXml(input: string): XmlElement {
  for (const ch of input) {
    const code = ch.codePointAt(0)!;
    if (!isXmlChar(code)) throw new XmlSyntaxError(`Character U+${code.toString(16)} is not allowed in XML.`);
  }
  // Tally's own enum token, tolerated before anything else reads the text.
  const text = input.replaceAll(TALLY_ENUM_PREFIX, "&#xE004;");
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const fail = (message: string): never => {
    throw new XmlSyntaxError(`${message} (offset ${i}).`);
  };
  if (text.startsWith("\uFEFF")) i = 1;
  if (text.startsWith("<?xml", i)) {
    const end = text.indexOf("?>", i);
    if (end < 0) fail("Unclosed XML declaration");
    i = end + 2;
  }
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    if (chunk.length > 0) {
      if (stack.length === 0) {
        if (chunk.trim() !== "") fail("Text outside the root element");
      } else {
        stack[stack.length - 1]!.text += decode(chunk, i).replaceAll("\uE004", TALLY_ENUM_MARK);
      }
    }
    if (lt < 0) break;
    i = lt;
    if (text.startsWith("<!--", i)) {
      const end = text.indexOf("-->", i);
      if (end < 0) fail("Unclosed comment");
      i = end + 3;
      continue;
    }
    if (text.startsWith("</", i)) {
      const end = text.indexOf(">", i);
      if (end < 0) fail("Unclosed end tag");
      const name = text.slice(i + 2, end).trim();
      const open = stack.pop();
      if (!open || open.name !== name) fail(`End tag </${name}> does not close <${open?.name ?? "nothing"}>`);
      i = end + 1;
      continue;
    }
    if (text.startsWith("<!", i) || text.startsWith("<?", i)) fail("Unexpected markup");
    i += 1;
    const nameMatch = NAME.exec(text.slice(i, i + 200));
    if (!nameMatch) fail("Bad element name");
    const element: XmlElement = { name: nameMatch![0], attrs: {}, children: [], text: "" };
    i += element.name.length;
    for (;;) {
      const ws = /^\s*/.exec(text.slice(i, i + 100))![0];
      i += ws.length;
      if (text.startsWith("/>", i) || text[i] === ">") break;
      if (ws.length === 0) fail("Attributes must be separated by spaces");
      const attr = /^([A-Za-z_][\w.:-]*)\s*=\s*"([^"<]*)"/.exec(text.slice(i, i + 4000));
      if (!attr) fail(`Bad attribute in <${element.name}>`);
      if (attr![1]! in element.attrs) fail(`Attribute ${attr![1]} twice`);
      element.attrs[attr![1]!] = decode(attr![2]!, i);
      i += attr![0].length;
    }
    if (stack.length === 0) {
      if (root) fail("A second root element");
      root = element;
    } else stack[stack.length - 1]!.children.push(element);
    if (text.startsWith("/>", i)) {
      i += 2;
    } else {
      i += 1;
      stack.push(element);
    }
  }
  if (stack.length > 0) fail(`<${stack[stack.length - 1]!.name}> is not closed`);
  if (!root) throw new XmlSyntaxError("No root element.");
  return root;
}

/** The children named `name`. */
export const childrenOf = (e: XmlElement, name: string) => e.children.filter((c) => c.name === name);

/** The text of the first child named `name`, or undefined. */
export const textOf = (e: XmlElement, name: string) => e.children.find((c) => c.name === name)?.text;

/** Every descendant named `name`, depth first. */
export function descendants(e: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (n: XmlElement) => {
    for (const c of n.children) {
      if (c.name === name) found.push(c);
      walk(c);
    }
  };
  walk(e);
  return found;
}
