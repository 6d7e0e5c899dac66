// Colour arithmetic for the PDF view model (pure). The user picks any primary and accent colour,
// so every colour used as ink on white paper, or as paper under ink, is checked for contrast.

type Rgb = [number, number, number];

function parse(hex: string): Rgb {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  const n = match ? Number.parseInt(match[1], 16) : 0x1e3a8a;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`.toUpperCase();
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parse(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` mixed with `other`: amount 0 is `hex`, 1 is `other`. */
export function mix(hex: string, other: string, amount: number): string {
  const a = parse(hex);
  const b = parse(other);
  return toHex([0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * amount) as Rgb);
}

/** The colour mixed with white (a tint that keeps dark ink readable). */
export function tint(hex: string, amount: number): string {
  return mix("#FFFFFF", hex, amount);
}

/** Near-black or white, whichever reads better on `hex`. */
export function inkOn(hex: string): string {
  return luminance(hex) > 0.179 ? "#111827" : "#FFFFFF";
}

/** `hex`, darkened just enough to read as text on white (a pale yellow primary would vanish). */
export function readableOnWhite(hex: string, minimum = 3.5): string {
  let colour = toHex(parse(hex));
  for (let step = 0; step < 12 && contrast(colour, "#FFFFFF") < minimum; step++) {
    colour = mix(colour, "#000000", 0.15);
  }
  return colour;
}
