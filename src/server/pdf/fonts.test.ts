import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { CURRENCIES } from "#domain/currencies";
import {
  FALLBACK_FACES,
  FONT_FAMILIES,
  fontChain,
  fontCoverage,
  fontFace,
  splitRunsByFont,
  uncoveredCharacters,
} from "./fonts.js";

// The currency signs of the product's currencies, plus the letters some of them need (zł, Kč...).
const CURRENCY_SIGNS = [
  "₹",
  "$",
  "€",
  "£",
  "¥",
  "₩",
  "₫",
  "₺",
  "₽",
  "₴",
  "₦",
  "₵",
  "₪",
  "฿",
  "₱",
  "₨",
  "₸",
  "₡",
  "₲",
];
const CURRENCY_TEXTS = ["zł", "Kč", "Ft", "R$", "kr", "Rp", "RM", "CHF", "KSh", "E£", "S/", "Rs"];
// Bengali taka: no bundled font has it; the domain writes BDT as "Tk" (see docs/decisions/0002).
const TAKA = "৳";

const fontkit = createRequire(createRequire(import.meta.url).resolve("pdfkit"))("fontkit") as {
  openSync(path: string): { hasGlyphForCodePoint(codePoint: number): boolean };
};

describe("font registry", () => {
  it("resolves a regular and a bold TTF for every family and fallback", () => {
    for (const face of [...FONT_FAMILIES.map(fontFace), ...FALLBACK_FACES]) {
      expect(existsSync(face.regular), face.regular).toBe(true);
      expect(existsSync(face.bold), face.bold).toBe(true);
    }
  });

  it("maps the non-free families to their metric-compatible or look-alike substitutes", () => {
    expect(fontFace("Times New Roman").name).toBe("Tinos");
    expect(fontFace("Georgia").name).toBe("Gelasio");
    expect(fontFace("Verdana").name).toBe("DejaVu Sans");
  });

  it("reads the same cmap coverage as fontkit", () => {
    const probe = [...CURRENCY_SIGNS, TAKA, "a", "ł", "č", "क", "்", "ம"].map((c) => c.codePointAt(0)!);
    for (const face of [...FONT_FAMILIES.map(fontFace), ...FALLBACK_FACES]) {
      const font = fontkit.openSync(face.regular);
      const coverage = fontCoverage(face.regular);
      for (const codePoint of probe) {
        expect(coverage.has(codePoint), `${face.name} U+${codePoint.toString(16)}`).toBe(
          font.hasGlyphForCodePoint(codePoint),
        );
      }
    }
  });

  it("knows which families lack ₹ and need the fallback", () => {
    const hasRupee = (family: (typeof FONT_FAMILIES)[number]) =>
      fontCoverage(fontFace(family).regular).has(0x20b9);
    expect(hasRupee("Lato")).toBe(false);
    expect(hasRupee("Open Sans")).toBe(false);
    expect(hasRupee("Roboto")).toBe(true);
  });
});

describe("splitRunsByFont", () => {
  for (const family of FONT_FAMILIES) {
    for (const weight of ["regular", "bold"] as const) {
      it(`${family} ${weight} draws ₹ and every currency sign through its chain`, () => {
        const text = [...CURRENCY_SIGNS, ...CURRENCY_TEXTS].join(" ");
        expect(uncoveredCharacters(text, family, weight)).toEqual([]);
        for (const run of splitRunsByFont(text, family, weight)) {
          for (const char of run.text) {
            expect(fontCoverage(run.fontPath).has(char.codePointAt(0)!), `${char} in ${run.fontPath}`).toBe(
              true,
            );
          }
        }
      });
    }
  }

  it("covers the symbol of every currency of the domain in every family", () => {
    const symbols = CURRENCIES.map((currency) => currency.symbol).join(" ");
    for (const family of FONT_FAMILIES) {
      expect(uncoveredCharacters(symbols, family, "regular"), family).toEqual([]);
      expect(uncoveredCharacters(symbols, family, "bold"), family).toEqual([]);
    }
  });

  it("keeps text in the family's own font when it has every glyph", () => {
    expect(splitRunsByFont("Total ₹1,23,456.00", "Roboto", "bold")).toEqual([
      { text: "Total ₹1,23,456.00", fontPath: fontFace("Roboto").bold },
    ]);
  });

  it("sends only the ₹ of Lato text to the fallback", () => {
    const runs = splitRunsByFont("Total ₹1,23,456.00", "Lato");
    expect(runs.map((run) => run.text)).toEqual(["Total ", "₹", "1,23,456.00"]);
    expect(runs[1].fontPath).toBe(fontChain("Lato", "regular")[3]);
  });

  it("maps Devanagari to Noto Sans Devanagari, as one run across the space", () => {
    const devanagari = FALLBACK_FACES.find((face) => face.name === "Noto Sans Devanagari")!;
    expect(splitRunsByFont("राम कुमार", "Inter")).toEqual([
      { text: "राम कुमार", fontPath: devanagari.regular },
    ]);
    expect(splitRunsByFont("राम कुमार", "Times New Roman", "bold")).toEqual([
      { text: "राम कुमार", fontPath: devanagari.bold },
    ]);
  });

  it("maps Tamil to Noto Sans Tamil, virama and vowel signs included", () => {
    const tamil = FALLBACK_FACES.find((face) => face.name === "Noto Sans Tamil")!;
    expect(splitRunsByFont("தமிழ்", "Roboto")).toEqual([{ text: "தமிழ்", fontPath: tamil.regular }]);
  });

  it("splits mixed text into runs in order", () => {
    const runs = splitRunsByFont("Bill to राम (சென்னை)", "Roboto");
    expect(runs.map((run) => run.text).join("")).toBe("Bill to राम (சென்னை)");
    expect(runs.map((run) => run.text)).toEqual(["Bill to ", "राम (", "சென்னை)"]);
  });

  it("reports the Bengali taka as uncovered", () => {
    expect(uncoveredCharacters(`1,000 ${TAKA}`, "Roboto")).toEqual([TAKA]);
  });
});
