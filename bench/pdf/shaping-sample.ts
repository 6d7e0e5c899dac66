// Writes bench/pdf/out/shaping.pdf: Devanagari conjuncts, Tamil vowel signs and fallback currency
// signs drawn by pdfkit through text-runs.ts, to look at (pdftoppm -png) after an engine upgrade.
// Run: npx tsx bench/pdf/shaping-sample.ts
import { mkdirSync, writeFileSync } from "node:fs";
import { createPdfDocument, drawTextLine } from "#server/pdf/text-runs";

const out = new URL("./out/", import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const doc = createPdfDocument({ size: [400, 160], margin: 10 });
const chunks: Buffer[] = [];
doc.on("data", (c: Buffer) => chunks.push(c));
doc.on("end", () => writeFileSync(`${out}shaping.pdf`, Buffer.concat(chunks)));
drawTextLine(doc, "क्षत्रिय हिन्दी किताब श्री प्रकाश र्क", 10, 10, { family: "Roboto", size: 22 });
drawTextLine(doc, "தமிழ் கொடு சென்னை ஸ்ரீ", 10, 60, { family: "Inter", size: 22 });
drawTextLine(doc, "Total ₹1,23,456 Kč ฿ zł", 10, 110, { family: "Lato", size: 22 });
doc.end();
