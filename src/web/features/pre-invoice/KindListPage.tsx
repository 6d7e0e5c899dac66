import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ArrowRightLeft, FileSignature, Truck } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { CHALLAN_REASON_LABELS, PRE_INVOICE_STATUS_LABELS } from "#domain/document-kinds";
import { formatMoney } from "#domain/format";
import { Button } from "#web/components/ui/button";
import { PageHeader } from "#web/components/ui/page";
import {
  amountColumn,
  CardFigures,
  CardTitle,
  type Column,
  DocumentList,
  NewDocumentLink,
  numberColumn,
} from "#web/features/documents/DocumentList";
import { formatDate } from "#web/features/documents/format";
import { ListFilters } from "#web/features/documents/ListFilters";
import { StatusBadge } from "#web/features/documents/StatusBadge";
import { useListFilters } from "#web/features/documents/useListFilters";
import { useMay } from "#web/features/members/role";
import { EwayBulkButton } from "#web/features/reports/eway-download";
import { type KindSummary, kindListQuery, useKindCommands, type WebKind } from "./api";
import { WEB_KINDS } from "./kinds";

// The list of proforma invoices or delivery challans: status and search filters, newest first.
// On the challans' list the issued challans of one client can be picked and made into one invoice.

const PAGE_SIZE = 20;
const badge = (d: KindSummary) => <StatusBadge kind={d.kind} status={d.status as "draft"} />;
/** A phone card's line beside the date: a challan's reason, a proforma's valid-until date. */
const cardDetail = (d: KindSummary) =>
  d.reason ? CHALLAN_REASON_LABELS[d.reason] : d.validUntil ? `valid until ${formatDate(d.validUntil)}` : "";
/** Challans convert together only when they are one client's (the server's rule too). */
const clientKey = (d: KindSummary) => d.clientId ?? `name:${d.clientName}`;

export const ProformaListPage = () => <KindListPage kind="proforma" />;
export const ChallanListPage = () => <KindListPage kind="challan" />;

function KindListPage({ kind }: { kind: WebKind }) {
  const config = WEB_KINDS[kind];
  const navigate = useNavigate();
  const commands = useKindCommands(kind);
  const filters = useListFilters(PAGE_SIZE);
  const [picked, setPicked] = useState<KindSummary[]>([]);
  const [converting, setConverting] = useState(false);
  const editPath = (id: string) => `${config.path}/${encodeURIComponent(id)}`;
  // Converting challans makes an invoice: offered to a role that may (decision 0079).
  const mayWrite = useMay("documents.write");
  const convertible = kind === "challan" && mayWrite;
  // The chosen challans' e-way bills in one file (decision 0090), by the same choice.
  const mayExport = useMay("reports.read");
  const ewayBulk = kind === "challan" && mayExport;
  const choosing = convertible || ewayBulk;

  const list = useQuery({ ...kindListQuery(kind, filters.query), placeholderData: keepPreviousData });

  const canPick = (d: KindSummary) =>
    choosing && d.status === "issued" && (picked.length === 0 || clientKey(picked[0]) === clientKey(d));
  const isPicked = (d: KindSummary) => picked.some((p) => p.id === d.id);
  const toggle = (d: KindSummary) =>
    setPicked((now) => (isPicked(d) ? now.filter((p) => p.id !== d.id) : [...now, d]));
  const pick = (d: KindSummary) =>
    choosing &&
    d.status === "issued" && (
      <input
        type="checkbox"
        className="h-5 w-5 accent-primary"
        checked={isPicked(d)}
        disabled={!isPicked(d) && !canPick(d)}
        onChange={() => toggle(d)}
        aria-label={
          convertible ? `Choose ${d.number} to convert` : `Choose ${d.number} for the e-way bill JSON`
        }
        title={canPick(d) || isPicked(d) ? undefined : "Only one client's challans convert together."}
      />
    );

  const clear = (
    <Button size="sm" variant="ghost" onClick={() => setPicked([])}>
      Clear
    </Button>
  );

  async function convertPicked() {
    setConverting(true);
    try {
      const made = await commands.convert(picked.map((d) => d.id));
      toast.success("Invoice made from the challans", {
        description: `${made.invoice.invoiceNumber} is issued; the goods stay out of stock once.`,
      });
      navigate(`/invoice/edit/${encodeURIComponent(made.invoice.id)}`);
    } catch (error) {
      toast.error("Could not convert the challans", { description: (error as Error).message });
    } finally {
      setConverting(false);
    }
  }

  const columns: Column<KindSummary>[] = [
    ...(choosing
      ? [{ header: "Choose", headerHidden: true, flush: true, cell: (d: KindSummary) => pick(d) }]
      : []),
    numberColumn(
      (d) => editPath(d.id),
      (d) => d.number,
    ),
    { header: "Client", className: "max-w-48 truncate", cell: (d) => d.clientName },
    { header: "Date", className: "whitespace-nowrap", cell: (d) => formatDate(d.date) },
    kind === "challan"
      ? { header: "Reason", cell: (d) => (d.reason ? CHALLAN_REASON_LABELS[d.reason] : "—") }
      : {
          header: "Valid until",
          className: "whitespace-nowrap",
          cell: (d) => formatDate(d.validUntil) || "—",
        },
    amountColumn(),
    { header: "Status", cell: badge },
  ];

  return (
    <>
      <PageHeader
        title={config.plural}
        description={config.description}
        actions={<NewDocumentLink to={`${config.path}/new`}>{config.newLabel}</NewDocumentLink>}
      />
      <ListFilters
        filters={filters}
        placeholder="Number or client"
        statuses={config.statuses.map((s) => [s, PRE_INVOICE_STATUS_LABELS[s as "draft"]] as const)}
      />
      {choosing && (
        <section
          aria-label={convertible ? "Convert challans" : "Chosen challans"}
          className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-border bg-muted/40 px-3 py-2 text-sm"
        >
          <span aria-live="polite">
            {picked.length === 0
              ? convertible
                ? "Choose issued challans of one client to invoice them together."
                : "Choose issued challans of one client for their e-way bill JSON."
              : `${picked.length} challan${picked.length === 1 ? "" : "s"} of ${picked[0].clientName} chosen.`}
          </span>
          {convertible && (
            <Button
              size="sm"
              disabled={picked.length === 0}
              busy={converting}
              onClick={() => void convertPicked()}
            >
              <ArrowRightLeft className="h-4 w-4" aria-hidden="true" />
              Convert to invoice
            </Button>
          )}
          {picked.length > 0 &&
            (ewayBulk ? (
              <EwayBulkButton documents={picked.map((d) => ({ kind: "challan" as const, id: d.id }))}>
                {clear}
              </EwayBulkButton>
            ) : (
              clear
            ))}
        </section>
      )}

      <DocumentList
        list={list}
        words={{
          one: config.noun,
          plural: `${config.noun}s`,
          caption: config.plural,
          empty: {
            icon: kind === "challan" ? Truck : FileSignature,
            title: config.empty.title,
            text: config.empty.text,
            link: { to: `${config.path}/new`, label: config.empty.link },
          },
        }}
        filters={filters}
        columns={columns}
        card={(d) => (
          <>
            <CardTitle to={editPath(d.id)} number={d.number}>
              {badge(d)}
            </CardTitle>
            <p className="flex items-center gap-2 truncate text-sm">
              {pick(d)}
              {d.clientName}
            </p>
            <CardFigures
              dates={[formatDate(d.date), cardDetail(d)].filter(Boolean).join(" · ")}
              amount={formatMoney(d.totalMinor, d.currency)}
            />
          </>
        )}
        testIds={{ row: `${kind}-row`, card: `${kind}-card` }}
        pageSize={PAGE_SIZE}
      />
    </>
  );
}
