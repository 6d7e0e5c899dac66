import { lazy, type ReactNode, Suspense } from "react";
import type { InvoicePageModel } from "#domain/invoice-page";
import { imageUrl } from "../queries";

// Notes and terms, then bank details, the UPI QR and the signatory, as the page model gives them.

// The QR encoder is loaded only when an invoice shows a UPI QR code, so opening the editor does not
// wait for it; its 96 px square is kept free meanwhile, so nothing moves when it appears.
const UpiQrCode = lazy(() => import("./UpiQrCode").then((m) => ({ default: m.UpiQrCode })));

function UpiBlock({ upi, muted }: { upi: NonNullable<InvoicePageModel["upi"]>; muted: string }) {
  return (
    <figure className="text-center">
      {upi.imageId ? (
        <img src={imageUrl(upi.imageId)} alt="UPI QR code" className="mx-auto h-24 w-24 object-contain" />
      ) : (
        upi.uri && (
          <Suspense fallback={<span className="inline-block h-24 w-24" aria-hidden="true" />}>
            <UpiQrCode uri={upi.uri} />
          </Suspense>
        )
      )}
      <figcaption style={{ color: muted }}>{upi.caption}</figcaption>
      {upi.note && (
        <p
          className="mx-auto mt-0.5 max-w-36 text-[10px]"
          style={{ color: muted }}
          data-testid="upi-split-note"
        >
          {upi.note}
        </p>
      )}
    </figure>
  );
}

export function PreviewFooter({ page }: { page: InvoicePageModel }) {
  const { colours, look, labels, signatory } = page;
  const section = (title: string, body: ReactNode) => (
    <div className="mt-4">
      <p className="mb-0.5 text-[11px] font-bold tracking-wider" style={{ color: look.labelInk }}>
        {title}
      </p>
      {body}
    </div>
  );
  return (
    <div className="text-[11px] leading-snug" style={{ color: colours.ink }}>
      {page.notes && section(labels.notes, <p className="whitespace-pre-line">{page.notes}</p>)}
      {page.terms && section(labels.terms, <p className="whitespace-pre-line">{page.terms}</p>)}
      <div className="mt-6 flex items-end justify-between gap-6">
        <div className="flex items-end gap-4">
          {page.bank &&
            section(
              labels.bank,
              <dl className="grid grid-cols-[auto_1fr] gap-x-2">
                {page.bank.map((row) => (
                  <div key={row.label} className="contents">
                    <dt style={{ color: colours.muted }}>{row.label}</dt>
                    <dd>{row.value}</dd>
                  </div>
                ))}
              </dl>,
            )}
          {page.upi && <UpiBlock upi={page.upi} muted={colours.muted} />}
        </div>
        <div className="min-w-40 text-center">
          {signatory.imageId ? (
            <img
              src={imageUrl(signatory.imageId)}
              alt="Signature"
              className="mx-auto h-14 max-w-40 object-contain"
            />
          ) : (
            <div className="h-14" />
          )}
          <p className="border-t pt-1 font-semibold" style={{ borderColor: colours.ink }}>
            {labels.signatory}
          </p>
          <p style={{ color: colours.muted }}>{signatory.forCompany}</p>
        </div>
      </div>
    </div>
  );
}
