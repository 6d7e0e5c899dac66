// A small XML writer for TallyPrime's import files (decision 0080). Text is escaped exactly once
// (& < > " '), characters XML 1.0 forbids (and that Tally refuses) are replaced by a space, and
// Tally's own "&#4;" prefix ("&#4; Applicable") is written raw because only Tally reads it.

export interface XmlNode {
  name: string;
  attrs?: [string, string][];
  /** Escaped on output. */
  text?: string;
  /** Written as it is: only the TALLY_ENUM_PREFIX token uses it. */
  raw?: string;
  children?: XmlNode[];
}

/** Tally's export encoding of a logical choice ("&#4; Applicable", "&#4; Any"); illegal in strict XML 1.0. */
export const TALLY_ENUM_PREFIX = "&#4;";

// Control characters other than tab, line feed and carriage return (C1 ones too, which Tally
// shows as junk), lone surrogates, U+FFFE and U+FFFF.
const FORBIDDEN = /[^\P{Cc}\t\n\r]|\p{Cs}|[\uFFFE\uFFFF]/gu;

/** The text with every character XML 1.0 (and Tally) refuses replaced by a space. */
export function cleanText(value: string): string {
  return value.replace(FORBIDDEN, " ");
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export function escapeXml(value: string): string {
  return cleanText(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

type Child = XmlNode | null | undefined | false;

/** An element with children (nulls are left out). */
export function el(name: string, children: Child[], attrs?: [string, string][]): XmlNode {
  return { name, ...(attrs ? { attrs } : {}), children: children.filter((c): c is XmlNode => !!c) };
}

/** An element holding text. */
export function tx(name: string, value: string | number): XmlNode {
  return { name, text: String(value) };
}

/** An element holding Tally's "&#4; <choice>" value. */
export function tallyEnum(name: string, choice: string): XmlNode {
  return { name, raw: `${TALLY_ENUM_PREFIX} ${escapeXml(choice)}` };
}

function write(node: XmlNode, depth: number, out: string[]): void {
  const pad = " ".repeat(depth);
  const attrs = (node.attrs ?? []).map(([k, v]) => ` ${k}="${escapeXml(v)}"`).join("");
  if (node.raw !== undefined) {
    out.push(`${pad}<${node.name}${attrs}>${node.raw}</${node.name}>`);
  } else if (node.text !== undefined) {
    out.push(`${pad}<${node.name}${attrs}>${escapeXml(node.text)}</${node.name}>`);
  } else if (!node.children || node.children.length === 0) {
    out.push(`${pad}<${node.name}${attrs}/>`);
  } else {
    out.push(`${pad}<${node.name}${attrs}>`);
    for (const child of node.children) write(child, depth + 1, out);
    out.push(`${pad}</${node.name}>`);
  }
}

/** The document with its UTF-8 declaration, one element per line, CRLF-free. */
export function writeXmlDocument(root: XmlNode): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  write(root, 0, out);
  return `${out.join("\n")}\n`;
}
