import { parentPort, workerData } from "node:worker_threads";
import type { InvoiceAssets } from "./assets.js";
import { type Engine, loadRenderer } from "./engines.js";
import { sampleInvoice } from "./invoice.js";

// One pool thread: loads its engine and fonts, warms up, then renders one invoice per message.
// The images come from the parent (as the product's would, from storage), so no thread loads sharp.
const data = workerData as { engine: Engine; logoPng: Uint8Array; upiQrPng: Uint8Array };
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const assets: InvoiceAssets = { logoPng: asBuffer(data.logoPng), upiQrPng: asBuffer(data.upiQrPng) };
const invoice = sampleInvoice();
const render = await loadRenderer(data.engine);
for (let i = 0; i < 10; i++) await render(invoice, assets, "Roboto");

parentPort!.on("message", async (id: number) => {
  const pdf = await render(invoice, assets, "Roboto");
  const bytes = pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength) as ArrayBuffer;
  parentPort!.postMessage({ id, bytes }, [bytes]);
});
parentPort!.postMessage("ready");
