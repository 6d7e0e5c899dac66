import { prepareImage, sanitizeSvg } from "./images";

const XLINK = "http://www.w3.org/1999/xlink";
const svgOf = (inner: string, attrs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"${attrs}>${inner}<rect width="40" height="20" fill="#1E3A8A"/></svg>`;

describe("SVG logo sanitiser", () => {
  const outside = [
    [
      "xlink:href",
      svgOf(`<image xlink:href="http://evil/x.png" width="5" height="5"/>`, ` xmlns:xlink="${XLINK}"`),
    ],
    [
      "XLINK:HREF",
      svgOf(`<image XLINK:HREF="http://evil/x.png" width="5" height="5"/>`, ` xmlns:XLINK="${XLINK}"`),
    ],
    [
      "a custom prefix bound to xlink",
      svgOf(`<image foo:href="http://evil/x.png" width="5" height="5"/>`, ` xmlns:foo="${XLINK}"`),
    ],
    ["href on <image>", svgOf(`<image href="http://evil/x.png" width="5" height="5"/>`)],
    ["href on <use>", svgOf(`<use href="http://evil/sprite.svg#a"/>`)],
    ["xlink:href on <use>", svgOf(`<use xlink:href="http://evil/sprite.svg#a"/>`, ` xmlns:xlink="${XLINK}"`)],
    [
      "url() in a style attribute",
      svgOf(`<rect width="5" height="5" style="fill: url(http://evil/p.svg#g)"/>`),
    ],
    ["url() in a <style> element", svgOf(`<style>rect { fill: url('http://evil/p.svg#g') }</style>`)],
    ["@import in a <style> element", svgOf(`<style>@import url(http://evil/x.css);</style>`)],
    [
      "url() in a presentation attribute",
      svgOf(`<rect width="5" height="5" fill="url(http://evil/p.svg#g)"/>`),
    ],
  ] as const;

  it.each(outside)("removes an outside reference: %s", (_name, svg) => {
    const clean = sanitizeSvg(svg);
    expect(clean).not.toMatch(/evil/);
    expect(clean).toMatch(/<rect[^>]*fill="#1E3A8A"/);
  });

  it("removes <script>, on* handlers and <foreignObject>", () => {
    const clean = sanitizeSvg(
      svgOf(
        `<script>alert(1)</script><script href="http://evil/x.js"/>` +
          `<foreignObject width="5" height="5"><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(2)"/></body></foreignObject>` +
          `<rect width="5" height="5" onclick="alert(3)" ONMOUSEOVER="alert(4)"/>`,
        ` onload="alert(5)"`,
      ),
    );
    expect(clean).not.toMatch(/script|alert|foreignObject|onerror|onload|onclick|onmouseover/i);
  });

  it("keeps references to the document's own fragments", () => {
    const clean = sanitizeSvg(
      svgOf(
        `<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><circle id="c" r="2"/></defs>` +
          `<use href="#c"/><rect width="5" height="5" fill="url(#g)"/>`,
      ),
    );
    expect(clean).toContain('href="#c"');
    expect(clean).toContain('fill="url(#g)"');
  });

  it("refuses entity declarations and files that are not an SVG document", () => {
    expect(() =>
      sanitizeSvg(`<!DOCTYPE svg [<!ENTITY a "b">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>`),
    ).toThrow();
    expect(() => sanitizeSvg(`<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>`)).toThrow();
    expect(() => sanitizeSvg(`<html><svg/></html>`)).toThrow();
  });

  it("still rasterises the cleaned logo to PNG", async () => {
    const prepared = await prepareImage(
      Buffer.from(
        svgOf(`<image foo:href="http://evil/x.png" width="5" height="5"/>`, ` xmlns:foo="${XLINK}"`),
      ),
      "logo",
    );
    expect(prepared.mimeType).toBe("image/png");
  });
});
