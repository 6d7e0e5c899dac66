import type { InvoicePageModel } from "#domain/invoice-page";
import { imageUrl } from "../queries";

// The top of the page: company, title, numbers and mark, then the parties. Every word and colour
// comes from the page model (#domain/invoice-page); this only places them.

/** A block's lines, one under another (they are text, never reordered). */
function Lines({ lines, colour }: { lines: string[]; colour?: string }) {
  if (lines.length === 0) return null;
  return (
    <p className="whitespace-pre-line" style={{ color: colour }}>
      {lines.join("\n")}
    </p>
  );
}

function CompanyBlock({ page }: { page: InvoicePageModel }) {
  const { company, look } = page;
  return (
    <div className="flex items-start gap-3">
      {company.logoImageId && (
        <img
          src={imageUrl(company.logoImageId)}
          alt="Company logo"
          className={`max-h-16 max-w-32 object-contain ${look.headerBand ? "rounded bg-white p-0.5" : ""}`}
        />
      )}
      <div className="text-[12px] leading-snug">
        <p className="text-[16px] font-bold" style={{ color: look.companyInk }}>
          {company.name}
        </p>
        <Lines lines={company.lines} colour={look.headerTextInk} />
      </div>
    </div>
  );
}

function Mark({ mark }: { mark: NonNullable<InvoicePageModel["mark"]> }) {
  return (
    <p
      className="mt-2 inline-block rounded-md border-2 bg-white px-3 py-1 text-[20px] font-bold tracking-wide"
      style={{ color: mark.colour, borderColor: mark.colour }}
      data-testid="preview-stamp"
    >
      {mark.text}
    </p>
  );
}

function TitleBlock({ page }: { page: InvoicePageModel }) {
  const { look } = page;
  return (
    <div className="shrink-0 text-right text-[12px] leading-snug">
      <p className="text-[26px] font-bold tracking-wide" style={{ color: look.titleInk }}>
        {page.title}
      </p>
      <dl className="ml-auto grid w-fit grid-cols-[auto_auto] gap-x-4">
        {page.meta.map((row) => (
          <div key={row.key} className="contents">
            <dt className="text-left" style={{ color: look.headerTextInk }}>
              {row.label}
            </dt>
            <dd
              className="font-bold"
              style={{ color: look.headerValueInk }}
              data-testid={`preview-${row.key}`}
            >
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {page.mark && <Mark mark={page.mark} />}
    </div>
  );
}

export function PreviewHeader({ page }: { page: InvoicePageModel }) {
  const { look } = page;
  if (look.headerBand)
    return (
      <div
        className="flex items-start justify-between gap-6 px-12 py-8"
        style={{ background: look.headerBand }}
      >
        <CompanyBlock page={page} />
        <TitleBlock page={page} />
      </div>
    );
  return (
    <div
      className="mx-12 mt-12 flex items-start justify-between gap-6 pb-5"
      style={{ borderBottom: look.headerRule ? `3px solid ${look.headerRule}` : undefined }}
    >
      <CompanyBlock page={page} />
      <TitleBlock page={page} />
    </div>
  );
}

export function PreviewParties({ page }: { page: InvoicePageModel }) {
  const { billTo, shipTo, labels, look, colours } = page;
  const label = (text: string) => (
    <p className="mb-1 text-[11px] font-bold tracking-wider" style={{ color: look.labelInk }}>
      {text}
    </p>
  );
  return (
    <div className="mt-6 grid grid-cols-2 gap-6 text-[12px] leading-snug" style={{ color: colours.ink }}>
      <div>
        {label(labels.billTo)}
        <p className="text-[14px] font-semibold" data-testid="preview-client">
          {billTo.name}
        </p>
        <Lines lines={billTo.lines} />
      </div>
      {shipTo && (
        <div>
          {label(labels.shipTo)}
          <Lines lines={shipTo} />
        </div>
      )}
    </div>
  );
}
