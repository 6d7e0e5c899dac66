import QRCode from "qrcode";
import { memo } from "react";

/** A `upi://pay` link drawn as an SVG QR code, the same modules the PDF draws. */
export const UpiQrCode = memo(function UpiQrCode({ uri, size = 96 }: { uri: string; size?: number }) {
  const qr = QRCode.create(uri, { errorCorrectionLevel: "M" });
  const count = qr.modules.size;
  const quiet = 2;
  const cells: string[] = [];
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.modules.get(row, col)) cells.push(`M${col + quiet} ${row + quiet}h1v1h-1z`);
    }
  }
  const box = count + 2 * quiet;
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${box} ${box}`}
      role="img"
      aria-label="UPI QR code"
      shapeRendering="crispEdges"
    >
      <rect width={box} height={box} fill="#FFFFFF" />
      <path d={cells.join("")} fill="#000000" />
    </svg>
  );
});
