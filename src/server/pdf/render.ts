import { drawGstBlock, drawTable } from "./draw-gst";
import { drawHeader, drawParties, styles } from "./draw-header";
import { drawItems, drawTableHead } from "./draw-items";
import { drawPageNumbers, drawPaymentAndSignature, drawSection, drawTotals } from "./draw-summary";
import { type Doc, Flow, LEFT, PAGE, RIGHT } from "./layout";
import { createPdfDocument, drawTextLine } from "./text-runs";
import type { PdfView } from "./view";

/** Draws the invoice's view as an A4 PDF. Same view, same bytes (the dates in info are fixed). */
export function renderInvoicePdf(view: PdfView): Promise<Buffer> {
  const doc = createPdfDocument({
    size: "A4",
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: view.info.title,
      Author: view.info.author,
      Subject: view.info.subject,
      Producer: "Bahi",
      Creator: "Bahi",
      CreationDate: view.info.creationDate,
      ModDate: view.info.creationDate,
    },
  });
  const done = collect(doc);

  drawCopy(doc, view);
  for (const copy of view.copies ?? []) {
    doc.addPage();
    drawCopy(doc, { ...view, ...copy, info: view.info, images: view.images });
  }
  drawPageNumbers(doc, view);

  doc.end();
  return done;
}

/** One copy of the document, from the current page on. */
function drawCopy(doc: Doc, view: PdfView) {
  let inTable = false;
  const flow = new Flow(doc, PAGE.margin, (f) => {
    f.y = drawContinuation(doc, view, f.y);
    if (inTable) f.y = drawTableHead(doc, view, f.y);
  });
  const headerBottom = drawHeader(doc, view);
  flow.y = drawParties(doc, view, headerBottom);

  inTable = true;
  drawItems(doc, view, flow);
  inTable = false;
  drawTotals(doc, view, flow);
  for (const table of view.tables ?? []) drawTable(doc, view, flow, table);
  drawGstBlock(doc, view, flow);
  drawSection(doc, view, flow, view.labels.notes, view.notes);
  drawSection(doc, view, flow, view.labels.terms, view.terms);
  drawPaymentAndSignature(doc, view, flow);
}

/** The small heading of a continuation page. */
function drawContinuation(doc: Doc, view: PdfView, y: number): number {
  const { text, bold } = styles(view);
  drawTextLine(doc, view.company.name, LEFT, y, bold(9, view.colours.primaryInk));
  drawTextLine(
    doc,
    `${view.title} ${view.invoiceNumber} ${view.labels.continued}`,
    LEFT,
    y,
    text(8.5, view.colours.muted),
    {
      width: RIGHT - LEFT,
      align: "right",
    },
  );
  return y + 22;
}

function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}
