import { lazy, memo, type ReactNode, Suspense, useLayoutEffect, useRef, useState } from "react";
import type { Address, InvoiceDocument } from "#domain/invoice";
import { upiQrFor } from "#domain/upi";
import { formatDate } from "../format";
import { imageUrl } from "../queries";
import { PreviewItems } from "./PreviewItems";
import { PreviewTotals } from "./PreviewTotals";
import { PAPER, textOn } from "./paper-colours";
import { previewFontStack } from "./pdf-fonts";
import { TEMPLATE_STYLES, type TemplateStyle } from "./templates";

// The QR encoder is loaded only when an invoice shows a UPI QR code, so opening the editor does not
// wait for it; its 96 px square is kept free meanwhile, so nothing moves when it appears.
const UpiQrCode = lazy(() => import("./UpiQrCode").then((m) => ({ default: m.UpiQrCode })));

/** A4 at 96 dpi: the page is drawn at this size and scaled to fit, so it reads like the PDF. */
export const PAGE_WIDTH = 794;
export const PAGE_HEIGHT = 1123;

function addressLines(a: Address | null | undefined): string[] {
  if (!a) return [];
  const cityLine = [a.city, a.state, a.postalCode].filter(Boolean).join(", ");
  return [a.line1, a.line2, cityLine, a.country].filter((l) => l && l.trim() !== "");
}

function Stamp({ status }: { status: InvoiceDocument["status"] }) {
  if (status !== "paid" && status !== "cancelled") return null;
  const colour = status === "paid" ? "#15803d" : "#b91c1c";
  return (
    <div
      className="pointer-events-none absolute right-16 top-64 rotate-[-18deg] rounded-md border-4 px-6 py-2 text-5xl font-black tracking-widest opacity-70"
      style={{ color: colour, borderColor: colour }}
      data-testid="preview-stamp"
    >
      {status === "paid" ? "PAID" : "CANCELLED"}
    </div>
  );
}

function CompanyBlock({ doc, ink }: { doc: InvoiceDocument; ink: string }) {
  const c = doc.company;
  return (
    <div className="flex items-start gap-3">
      {c.logoImageId && (
        <img src={imageUrl(c.logoImageId)} alt="Company logo" className="max-h-16 max-w-32 object-contain" />
      )}
      <div className="text-[12px] leading-snug" style={{ color: ink }}>
        <p className="text-[16px] font-bold">{c.name || "Your company"}</p>
        {c.address && <p className="whitespace-pre-line">{c.address}</p>}
        {(c.phone || c.email) && <p>{[c.phone, c.email].filter(Boolean).join(" · ")}</p>}
        {c.gstin && <p>GSTIN: {c.gstin}</p>}
      </div>
    </div>
  );
}

function TitleBlock({ doc, ink, accent }: { doc: InvoiceDocument; ink: string; accent: string }) {
  return (
    <div className="text-right text-[12px] leading-snug" style={{ color: ink }}>
      <p className="text-[26px] font-bold tracking-wide" style={{ color: accent }}>
        INVOICE
      </p>
      <p>
        <span className="font-semibold">No.</span>{" "}
        <span data-testid="preview-number">{doc.invoiceNumber}</span>
      </p>
      <p>
        <span className="font-semibold">Date:</span> {formatDate(doc.invoiceDate)}
      </p>
      {doc.dueDate && (
        <p>
          <span className="font-semibold">Due:</span> {formatDate(doc.dueDate)}
        </p>
      )}
      {doc.status === "paid" && doc.paymentDate && (
        <p>
          <span className="font-semibold">Paid:</span> {formatDate(doc.paymentDate)}
        </p>
      )}
    </div>
  );
}

function ClientBlock({ doc, style }: { doc: InvoiceDocument; style: TemplateStyle }) {
  const c = doc.client;
  const label = (text: string) => (
    <p
      className="mb-1 text-[11px] font-bold uppercase tracking-wider"
      style={{ color: style.name === "minimal" ? PAPER.muted : doc.primaryColor }}
    >
      {text}
    </p>
  );
  return (
    <div className="mt-6 grid grid-cols-2 gap-6 text-[12px] leading-snug" style={{ color: PAPER.ink }}>
      <div>
        {label("Bill to")}
        <p className="text-[14px] font-semibold" data-testid="preview-client">
          {c.name || "—"}
        </p>
        {c.company && <p>{c.company}</p>}
        {addressLines(c.billingAddress).map((line) => (
          <p key={line}>{line}</p>
        ))}
        {(c.phone || c.email) && <p>{[c.phone, c.email].filter(Boolean).join(" · ")}</p>}
        {c.gstin && <p>GSTIN: {c.gstin}</p>}
      </div>
      {c.shippingAddress && addressLines(c.shippingAddress).length > 0 && (
        <div>
          {label("Ship to")}
          {addressLines(c.shippingAddress).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
    </div>
  );
}

function FooterBlocks({ doc }: { doc: InvoiceDocument }) {
  const b = doc.bankDetails;
  const { upiIdIsMerchant: _merchant, ...printed } = b;
  const showBank = doc.includeBankDetails && Object.values(printed).some(Boolean);
  const qr = upiQrFor(doc);
  const signature = doc.includeSignature ? doc.company.signatureImageId : null;
  const section = (title: string, body: ReactNode) => (
    <div className="mt-4">
      <p className="mb-0.5 text-[11px] font-bold uppercase tracking-wider" style={{ color: PAPER.muted }}>
        {title}
      </p>
      {body}
    </div>
  );
  return (
    <div className="text-[11px] leading-snug" style={{ color: PAPER.ink }}>
      {doc.notes && section("Notes", <p className="whitespace-pre-line">{doc.notes}</p>)}
      {doc.terms && section("Terms", <p className="whitespace-pre-line">{doc.terms}</p>)}
      <div className="mt-6 flex items-end justify-between gap-6">
        <div className="flex items-end gap-4">
          {showBank &&
            section(
              "Bank details",
              <dl className="grid grid-cols-[auto_1fr] gap-x-2">
                {b.bankName && (
                  <>
                    <dt>Bank</dt>
                    <dd>{b.bankName}</dd>
                  </>
                )}
                {b.accountNumber && (
                  <>
                    <dt>A/c No.</dt>
                    <dd>{b.accountNumber}</dd>
                  </>
                )}
                {b.ifscCode && (
                  <>
                    <dt>IFSC</dt>
                    <dd>{b.ifscCode}</dd>
                  </>
                )}
                {b.branchName && (
                  <>
                    <dt>Branch</dt>
                    <dd>{b.branchName}</dd>
                  </>
                )}
                {b.upiId && (
                  <>
                    <dt>UPI</dt>
                    <dd>{b.upiId}</dd>
                  </>
                )}
              </dl>,
            )}
          {qr && (
            <figure className="text-center">
              {"imageId" in qr ? (
                <img src={imageUrl(qr.imageId)} alt="UPI QR code" className="h-24 w-24 object-contain" />
              ) : (
                <Suspense fallback={<span className="inline-block h-24 w-24" aria-hidden="true" />}>
                  <UpiQrCode uri={qr.uri} />
                </Suspense>
              )}
              <figcaption style={{ color: PAPER.muted }}>Scan to pay</figcaption>
              {qr.splitNote && (
                <p
                  className="mt-0.5 max-w-36 text-[10px]"
                  style={{ color: PAPER.muted }}
                  data-testid="upi-split-note"
                >
                  {qr.splitNote}
                </p>
              )}
            </figure>
          )}
        </div>
        <div className="min-w-40 text-center">
          {signature ? (
            <img src={imageUrl(signature)} alt="Signature" className="mx-auto h-14 max-w-40 object-contain" />
          ) : (
            <div className="h-14" />
          )}
          <p className="border-t pt-1 font-semibold" style={{ borderColor: PAPER.ink }}>
            Authorised Signatory
          </p>
          {doc.company.name && <p style={{ color: PAPER.muted }}>for {doc.company.name}</p>}
        </div>
      </div>
    </div>
  );
}

/** One invoice page as the PDF draws it, for the given template. */
export const InvoicePage = memo(function InvoicePage({ document: doc }: { document: InvoiceDocument }) {
  const style = TEMPLATE_STYLES[doc.template] ?? TEMPLATE_STYLES.classic;
  const bandInk = textOn(doc.primaryColor);
  const fontFamily = previewFontStack(doc.fontFamily);
  return (
    <div
      className="relative flex flex-col"
      style={{
        width: PAGE_WIDTH,
        minHeight: PAGE_HEIGHT,
        background: PAPER.background,
        color: PAPER.ink,
        fontFamily,
      }}
      data-template={style.name}
      data-testid="invoice-page"
    >
      {style.headerBand ? (
        <>
          <div
            className="flex items-start justify-between gap-6 px-12 py-8"
            style={{ background: doc.primaryColor }}
          >
            <CompanyBlock doc={doc} ink={bandInk} />
            <TitleBlock doc={doc} ink={bandInk} accent={bandInk} />
          </div>
          <div className="h-1.5" style={{ background: doc.accentColor }} />
        </>
      ) : (
        <div
          className="mx-12 mt-12 flex items-start justify-between gap-6 pb-5"
          style={{
            borderBottom:
              style.name === "classic" ? `3px solid ${doc.primaryColor}` : `1px solid ${PAPER.rule}`,
          }}
        >
          <CompanyBlock doc={doc} ink={PAPER.ink} />
          <TitleBlock doc={doc} ink={PAPER.ink} accent={doc.primaryColor} />
        </div>
      )}
      <div className="flex flex-1 flex-col px-12 pb-12">
        <ClientBlock doc={doc} style={style} />
        <div className="mt-6">
          <PreviewItems doc={doc} style={style} />
        </div>
        <PreviewTotals doc={doc} style={style} />
        <div className="mt-auto pt-6">
          <FooterBlocks doc={doc} />
        </div>
      </div>
      <Stamp status={doc.status} />
    </div>
  );
});

/**
 * The page scaled to the width it is given. `onCommit` runs after each new document is on
 * screen (the end of the keystroke-to-preview measurement).
 */
export function InvoicePreview({
  document: doc,
  onCommit,
  label = "Invoice preview",
}: {
  document: InvoiceDocument;
  onCommit?: () => void;
  label?: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const page = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ scale: 1, height: PAGE_HEIGHT });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per document put on screen.
  useLayoutEffect(() => {
    onCommit?.();
  }, [doc, onCommit]);

  useLayoutEffect(() => {
    const outer = frame.current;
    const inner = page.current;
    if (!outer || !inner || typeof ResizeObserver === "undefined") return;
    const update = () => {
      const scale = Math.min(1, outer.clientWidth / PAGE_WIDTH) || 1;
      setSize((prev) => {
        const height = inner.offsetHeight * scale;
        return prev.scale === scale && prev.height === height ? prev : { scale, height };
      });
    };
    const observer = new ResizeObserver(update);
    observer.observe(outer);
    observer.observe(inner);
    update();
    return () => observer.disconnect();
  }, []);

  return (
    <section aria-label={label} className="w-full min-w-0">
      <div
        ref={frame}
        className="w-full overflow-hidden rounded-md border border-border shadow-sm [contain:inline-size]"
        style={{ height: size.height || undefined }}
      >
        <div
          ref={page}
          style={{ width: PAGE_WIDTH, transform: `scale(${size.scale})`, transformOrigin: "top left" }}
        >
          <InvoicePage document={doc} />
        </div>
      </div>
    </section>
  );
}
