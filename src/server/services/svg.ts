import { createRequire } from "node:module";
import type createDOMPurifyType from "dompurify";
import type { JSDOM } from "jsdom";

// An SVG logo is parsed as the XML it is (namespaces and all), cleaned by DOMPurify's SVG allow-list,
// then stripped of every reference outside the document, and only then rasterised by sharp
// (docs/decisions/0003-images.md). A file that does not parse as an <svg> root is refused.

const SVG_NS = "http://www.w3.org/2000/svg";

export class UnusableSvgError extends Error {}

/** A url(...) in CSS that does not point at a fragment of this document, and @import. */
const OUTSIDE_CSS = /url\(\s*(?!['"]?\s*#)[^)]*\)|@import[^;]*;?|expression\s*\(/gi;

function cleanCss(css: string): string {
  return css.replace(OUTSIDE_CSS, "none");
}

/** href, xlink:href, foo:href, src... in any case and under any prefix: only `#fragment` stays. */
function isReference(localName: string): boolean {
  const name = localName.toLowerCase();
  return name === "href" || name === "src";
}

let purifier: ReturnType<typeof createDOMPurifyType> | undefined;
let window: JSDOM["window"] | undefined;

function setup() {
  if (purifier && window) return { purifier, window };
  // jsdom costs ~70 MB once loaded and only SVG logo uploads need it: loaded on the first one,
  // not with the server (docs/decisions/0049-lean-memory.md).
  const require = createRequire(import.meta.url);
  const { JSDOM } = require("jsdom") as typeof import("jsdom");
  const createDOMPurify = require("dompurify") as typeof createDOMPurifyType;
  // No scripts and no resource loading: this window only parses and serialises.
  window = new JSDOM("").window;
  purifier = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  purifier.addHook("uponSanitizeAttribute", (_node, data) => {
    const attr = data.attrName;
    const local = attr.includes(":") ? attr.slice(attr.indexOf(":") + 1) : attr;
    if (isReference(local) && !data.attrValue.trim().startsWith("#")) data.keepAttr = false;
    // style="...", and presentation attributes such as fill="url(...)".
    if (/url\(|@import|expression/i.test(data.attrValue)) data.attrValue = cleanCss(data.attrValue);
  });
  purifier.addHook("uponSanitizeElement", (node, data) => {
    if (data.tagName === "style" && node.textContent) node.textContent = cleanCss(node.textContent);
  });
  return { purifier, window };
}

/** The same picture without scripts, handlers, foreign content or outside references. */
export function sanitizeSvg(svg: string): string {
  // Entities (and so "billion laughs") are refused before any parser sees them.
  if (/<!ENTITY/i.test(svg)) throw new UnusableSvgError("entity declarations");
  const { purifier, window } = setup();
  const doc = new window.DOMParser().parseFromString(svg, "image/svg+xml");
  const root = doc.documentElement;
  if (
    root?.localName !== "svg" ||
    root.namespaceURI !== SVG_NS ||
    doc.getElementsByTagName("parsererror").length > 0
  ) {
    throw new UnusableSvgError("not an SVG document");
  }
  purifier.sanitize(root, {
    IN_PLACE: true,
    USE_PROFILES: { svg: true, svgFilters: true },
    // <use> is safe here: its href may only point inside the document (hook above).
    ADD_TAGS: ["use"],
    FORBID_TAGS: ["script", "foreignObject", "iframe", "object", "embed", "audio", "video"],
    ALLOW_DATA_ATTR: false,
  });
  return new window.XMLSerializer().serializeToString(root);
}
