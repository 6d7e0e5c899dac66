import QRCode from "qrcode";
import sharp from "sharp";

export interface InvoiceAssets {
  logoPng: Buffer;
  upiQrPng: Buffer;
}

/**
 * A 240x240 logo (opaque: the product flattens uploads once, a transparent logo costs 6-9 ms per
 * PDF) and the UPI payment QR, also opaque.
 */
export async function makeAssets(upiId: string, amount: string): Promise<InvoiceAssets> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240">
    <rect width="240" height="240" fill="#ffffff"/>
    <circle cx="120" cy="120" r="110" fill="#1E3A8A"/>
    <path d="M70 160 L120 60 L170 160 Z" fill="#2DD4BF"/>
    <circle cx="120" cy="135" r="18" fill="#ffffff"/>
  </svg>`;
  const logoPng = await sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).png().toBuffer();
  const upiUri = `upi://pay?pa=${upiId}&pn=Shree%20Ganesh%20Traders&am=${amount}&cu=INR`;
  const qr = await QRCode.toBuffer(upiUri, { errorCorrectionLevel: "M", margin: 1, width: 240 });
  // qrcode writes RGBA; an opaque greyscale PNG lets the PDF engine embed it without decoding.
  const upiQrPng = await sharp(qr).flatten({ background: "#ffffff" }).toColourspace("b-w").png().toBuffer();
  return { logoPng, upiQrPng };
}
