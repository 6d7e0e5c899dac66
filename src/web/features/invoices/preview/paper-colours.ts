/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function textOn(hex: string): string {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match) return "#ffffff";
  const n = Number.parseInt(match[1], 16);
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
  return l > 0.179 ? "#111827" : "#ffffff";
}

/** The colour mixed with white, for tinted bands that keep dark text readable. */
export function tint(hex: string, amount: number): string {
  return `color-mix(in srgb, ${hex} ${Math.round(amount * 100)}%, white)`;
}

/** The paper is white in both themes, as the PDF is; these are its fixed ink colours. */
export const PAPER = { background: "#ffffff", ink: "#111827", muted: "#4b5563", rule: "#d1d5db" } as const;
