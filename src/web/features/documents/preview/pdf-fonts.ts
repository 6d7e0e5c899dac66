import type { FontFamily } from "#domain/settings";

// The preview draws with the very font files the PDF embeds (served by /api/fonts), loaded the
// first time a family is chosen, so what the user sees is what the PDF prints. Roboto is the app's
// own font already.

const loaded = new Set<string>();

function previewName(family: FontFamily): string {
  return `Bahi PDF ${family}`;
}

/** The CSS font stack for a family, registering its @font-face rules on first use. */
export function previewFontStack(family: FontFamily): string {
  if (family === "Roboto") return "Roboto, sans-serif";
  if (!loaded.has(family) && typeof document !== "undefined") {
    loaded.add(family);
    const url = (weight: string) => `/api/fonts/${encodeURIComponent(family)}/${weight}`;
    const style = document.createElement("style");
    style.dataset.previewFont = family;
    style.textContent = [
      ["regular", 400],
      ["bold", 700],
    ]
      .map(
        ([weight, numeric]) =>
          `@font-face{font-family:"${previewName(family)}";src:url("${url(String(weight))}") format("truetype");font-weight:${numeric};font-display:swap}`,
      )
      .join("\n");
    document.head.append(style);
  }
  return `"${previewName(family)}", Roboto, sans-serif`;
}
