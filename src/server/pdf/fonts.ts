import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { FONT_FAMILIES, type FontFamily } from "#domain/settings";

/**
 * The bundled fonts of the PDF. Every file is resolved from node_modules at run time (no font
 * CDN, no copies in the repo). Verdana, Georgia and Times New Roman are not free, so each maps to
 * a free substitute: Tinos is metric-compatible with Times New Roman, Gelasio with Georgia, and
 * DejaVu Sans is only Verdana-like (a Bitstream Vera descendant: wide, tall x-height) - lines set
 * in it wrap about where Verdana's would, not exactly.
 */
export { FONT_FAMILIES, type FontFamily };
export type FontWeight = "regular" | "bold";

export interface FontFace {
  /** The name of the font actually embedded (e.g. "Tinos" for Times New Roman). */
  name: string;
  regular: string;
  bold: string;
}

export interface TextRun {
  text: string;
  fontPath: string;
}

const require = createRequire(import.meta.url);
const packageDir = (pkg: string) => dirname(require.resolve(`${pkg}/package.json`));

function expoFace(name: string, pkg: string): FontFace {
  const dir = packageDir(`@expo-google-fonts/${pkg}`);
  const file = name.replaceAll(" ", "");
  return {
    name,
    regular: join(dir, "400Regular", `${file}_400Regular.ttf`),
    bold: join(dir, "700Bold", `${file}_700Bold.ttf`),
  };
}

function dejaVuSans(): FontFace {
  const dir = join(packageDir("dejavu-fonts-ttf"), "ttf");
  return {
    name: "DejaVu Sans",
    regular: join(dir, "DejaVuSans.ttf"),
    bold: join(dir, "DejaVuSans-Bold.ttf"),
  };
}

const FAMILY_FACES: Record<FontFamily, FontFace> = {
  Inter: expoFace("Inter", "inter"),
  Roboto: expoFace("Roboto", "roboto"),
  Lato: expoFace("Lato", "lato"),
  "Open Sans": expoFace("Open Sans", "open-sans"),
  Montserrat: expoFace("Montserrat", "montserrat"),
  Verdana: dejaVuSans(),
  Georgia: expoFace("Gelasio", "gelasio"),
  "Times New Roman": expoFace("Tinos", "tinos"),
};

/** A fallback face; `script`, when set, limits it to the characters of that script. */
export interface FallbackFace extends FontFace {
  script?: RegExp;
}

/**
 * Tried in order for a character the chosen family lacks. The Indic faces come first but take
 * only their own script (they also carry Latin and ₹, drawn better by the faces below). Then Noto
 * Sans (closest in look to the sans families; has ₹ and most currency signs), then DejaVu Sans
 * for the rest (฿, Arabic letters). Nothing bundled has the Bengali taka ৳ (U+09F3): see
 * docs/decisions/0002-pdf-engine.md.
 */
export const FALLBACK_FACES: readonly FallbackFace[] = [
  { ...expoFace("Noto Sans Devanagari", "noto-sans-devanagari"), script: /^\p{scx=Deva}$/u },
  { ...expoFace("Noto Sans Tamil", "noto-sans-tamil"), script: /^\p{scx=Taml}$/u },
  expoFace("Noto Sans", "noto-sans"),
  dejaVuSans(),
];

/** Every font file a PDF may use: the families' faces and the fallbacks. */
export function allFontPaths(): string[] {
  const faces = [...Object.values(FAMILY_FACES), ...FALLBACK_FACES];
  return [...new Set(faces.flatMap((face) => [face.regular, face.bold]))];
}

/** The font files in one block shared by the render threads: path -> [offset, length]. */
export interface SharedFonts {
  buffer: SharedArrayBuffer;
  index: Record<string, [number, number]>;
}

let shared: SharedFonts | null = null;

/** Render threads read their fonts from the pool's shared block instead of each its own copy. */
export function readFontsFrom(fonts: SharedFonts | null | undefined): void {
  shared = fonts ?? null;
}

/** A font file's bytes: a view of the shared block when there is one, else read from disk. */
export function fontBytes(fontPath: string): Buffer {
  const at = shared?.index[fontPath];
  if (shared && at) return Buffer.from(shared.buffer, at[0], at[1]);
  return readFileSync(fontPath);
}

export function fontFace(family: FontFamily): FontFace {
  return FAMILY_FACES[family];
}

/**
 * The fonts that may draw `char` for this family, best first: the family's own face, then the
 * fallbacks whose script (if any) includes the character.
 */
export function fontChain(family: FontFamily, weight: FontWeight, char?: string): string[] {
  const fallbacks = FALLBACK_FACES.filter(
    (face) => !face.script || char === undefined || face.script.test(char),
  );
  return [FAMILY_FACES[family][weight], ...fallbacks.map((face) => face[weight])];
}

function fontFor(char: string, family: FontFamily, weight: FontWeight): string | undefined {
  const codePoint = char.codePointAt(0)!;
  return fontChain(family, weight, char).find((path) => fontCoverage(path).has(codePoint));
}

export function isFontFamily(value: string): value is FontFamily {
  return (FONT_FAMILIES as readonly string[]).includes(value);
}

const coverageCache = new Map<string, Set<number>>();

/** The code points a TTF maps to a real glyph (read from its cmap, cached per file). */
export function fontCoverage(fontPath: string): Set<number> {
  let coverage = coverageCache.get(fontPath);
  if (!coverage) {
    coverage = readCmap(fontBytes(fontPath));
    coverageCache.set(fontPath, coverage);
  }
  return coverage;
}

// Marks and joiners belong with the character before them: a virama or a ZWJ must not start a
// run of its own, or the engine cannot shape the cluster.
const STICKY = /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f])$/u;
const NEUTRAL = /^[\s\p{P}]$/u;

/**
 * Cuts `text` into runs, each drawn with the first font of the family's chain that has a glyph
 * for every character of the run. Spaces and punctuation stay in the current run when its font
 * has them, so "राम कुमार" is one run. A character that no bundled font covers goes to the
 * family's own font (it will show as that font's missing-glyph box); see `uncoveredCharacters`.
 */
export function splitRunsByFont(text: string, family: FontFamily, weight: FontWeight = "regular"): TextRun[] {
  const runs: TextRun[] = [];
  let current: TextRun | undefined;
  for (const char of text) {
    const codePoint = char.codePointAt(0)!;
    const keep =
      current && (STICKY.test(char) || (NEUTRAL.test(char) && fontCoverage(current.fontPath).has(codePoint)));
    const fontPath = keep
      ? current!.fontPath
      : (fontFor(char, family, weight) ?? FAMILY_FACES[family][weight]);
    if (current && current.fontPath === fontPath) {
      current.text += char;
    } else {
      current = { text: char, fontPath };
      runs.push(current);
    }
  }
  return runs;
}

/** The characters of `text` that no font of the family's chain can draw (they would be boxes). */
export function uncoveredCharacters(
  text: string,
  family: FontFamily,
  weight: FontWeight = "regular",
): string[] {
  const missing = new Set<string>();
  for (const char of text) {
    if (/^[\p{Cc}\p{Cf}]$/u.test(char)) continue;
    if (!fontFor(char, family, weight)) missing.add(char);
  }
  return [...missing];
}

/** Reads the Unicode cmap of a TrueType/OpenType file: format 12 (full Unicode) or 4 (BMP). */
function readCmap(font: Buffer): Set<number> {
  const numTables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16;
    if (font.toString("latin1", record, record + 4) === "cmap") cmap = font.readUInt32BE(record + 8);
  }
  if (cmap < 0) throw new Error("font has no cmap table");
  const subtables = new Map<number, number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const record = cmap + 4 + i * 8;
    const offset = cmap + font.readUInt32BE(record + 4);
    const format = font.readUInt16BE(offset);
    // Unicode platform (0) or Windows Unicode encodings (3/1 BMP, 3/10 full).
    const platform = font.readUInt16BE(record);
    const encoding = font.readUInt16BE(record + 2);
    if (platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10))) {
      if (!subtables.has(format)) subtables.set(format, offset);
    }
  }
  const format12 = subtables.get(12);
  if (format12 !== undefined) return readFormat12(font, format12);
  const format4 = subtables.get(4);
  if (format4 !== undefined) return readFormat4(font, format4);
  throw new Error("font has no Unicode cmap of format 4 or 12");
}

function readFormat12(font: Buffer, offset: number): Set<number> {
  const covered = new Set<number>();
  const groups = font.readUInt32BE(offset + 12);
  for (let i = 0; i < groups; i++) {
    const group = offset + 16 + i * 12;
    const start = font.readUInt32BE(group);
    const end = font.readUInt32BE(group + 4);
    const startGlyph = font.readUInt32BE(group + 8);
    for (let c = start; c <= end; c++) if (startGlyph + (c - start) !== 0) covered.add(c);
  }
  return covered;
}

function readFormat4(font: Buffer, offset: number): Set<number> {
  const covered = new Set<number>();
  const segments = font.readUInt16BE(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = font.readUInt16BE(ends + s * 2);
    const start = font.readUInt16BE(starts + s * 2);
    const delta = font.readInt16BE(deltas + s * 2);
    const rangeOffsetAt = rangeOffsets + s * 2;
    const rangeOffset = font.readUInt16BE(rangeOffsetAt);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) {
        glyph = (c + delta) & 0xffff;
      } else {
        const raw = font.readUInt16BE(rangeOffsetAt + rangeOffset + (c - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) covered.add(c);
    }
  }
  return covered;
}
