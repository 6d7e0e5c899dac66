import { inflateSync } from "node:zlib";
import PDFDocumentClass from "pdfkit";
import { PdfDocument } from "./streams";

/** A PDF's stream objects: each dictionary and its stream's bytes, inflated when it is deflated. */
function streamsOf(pdf: Buffer): { dictionary: string; bytes: Buffer }[] {
  const text = pdf.toString("latin1");
  const found = [];
  for (const match of text.matchAll(/<<\n([\s\S]*?)>>\nstream\n/g)) {
    const dictionary = match[1]!;
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
    const start = match.index + match[0].length;
    const raw = pdf.subarray(start, start + length);
    // The stream ends where its Length says, so Length counts the bytes written.
    expect(text.slice(start + length, start + length + 10)).toBe("\nendstream");
    const deflated = dictionary.includes("/Filter /FlateDecode");
    found.push({
      dictionary: dictionary.replace(/\/Length \d+/, ""),
      bytes: deflated ? inflateSync(raw) : raw,
    });
  }
  return found;
}

function draw(doc: InstanceType<typeof PDFDocumentClass>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.rect(40, 40, 200, 100).fill("#0f172a");
  for (let i = 0; i < 200; i++)
    doc
      .moveTo(40, 200 + i)
      .lineTo(500, 200 + i)
      .stroke(i % 2 ? "#f59e0b" : "#e0f2fe");
  doc.addPage();
  doc.circle(100, 100, 50).fill("#16a34a");
  doc.end();
  return done;
}

const options = { info: { CreationDate: new Date("2026-04-01T00:00:00Z") } };

describe("the PDF's stream objects", () => {
  it("hold the very operators pdfkit writes, deflated so that any reader inflates them", async () => {
    const ours = await draw(new PdfDocument(options));
    const pdfkits = await draw(new PDFDocumentClass(options));
    const [a, b] = [streamsOf(ours), streamsOf(pdfkits)];
    expect(a.length).toBeGreaterThanOrEqual(2); // a content stream per page
    expect(a).toEqual(b);
    expect(a.some((s) => s.bytes.includes("40 40 200 100 re\n"))).toBe(true);
  });

  it("are deflated, so a page of many operators stays small", async () => {
    const pdf = await draw(new PdfDocument(options));
    const deflated = pdf.toString("latin1").match(/\/Filter \/FlateDecode/g) ?? [];
    expect(deflated.length).toBeGreaterThanOrEqual(2);
    const inflated = streamsOf(pdf).reduce((sum, s) => sum + s.bytes.length, 0);
    expect(pdf.length).toBeLessThan(inflated / 2);
  });
});
