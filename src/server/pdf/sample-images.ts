import sharp from "sharp";
import type { PdfImages } from "./view";

// Images for tests, golden pages and the benchmark, made as the upload path stores them: opaque
// PNGs (flattened onto white).

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240">
  <rect width="240" height="240" fill="#ffffff"/>
  <circle cx="120" cy="120" r="110" fill="#1E3A8A"/>
  <path d="M70 160 L120 60 L170 160 Z" fill="#2DD4BF"/>
  <circle cx="120" cy="135" r="18" fill="#ffffff"/>
</svg>`;

const SIGNATURE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100">
  <rect width="300" height="100" fill="#ffffff"/>
  <path d="M12 70 C 60 10, 90 92, 140 42 S 220 84, 288 28" stroke="#1A237E" stroke-width="5" fill="none"/>
</svg>`;

const png = (svg: string) => sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).png().toBuffer();

export async function sampleImages(): Promise<PdfImages> {
  const [logo, signature] = await Promise.all([png(LOGO_SVG), png(SIGNATURE_SVG)]);
  return { logo, signature, upiQr: null };
}
