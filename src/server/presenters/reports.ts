import type { Gstr1SectionFigures, Gstr1Summary } from "#contract/reports";
import { type Gstr1Json, type Gstr1TaxDetail, gstr1HsnRows } from "#domain/gst-gstr1";
import type { Gstr1Section } from "#domain/gst-gstr1-csv";
import type { UserGstr1 } from "../services/gst-returns";

// The Reports page's figures, read off the built GSTR-1 (so the page shows what the file holds).

const LABELS: Record<Gstr1Section, string> = {
  b2b: "B2B: to registered buyers (4A, 4B, 6B, 6C)",
  b2cl: "B2C large: inter-state, above ₹1,00,000 (5)",
  b2cs: "B2C small: every other sale to unregistered buyers (7)",
  cdnr: "Credit and debit notes to registered buyers (9B)",
  cdnur: "Credit and debit notes to unregistered buyers (9B)",
  exp: "Exports (6A)",
  nil: "Nil-rated, exempt and non-GST: bills of supply (8)",
  at: "Advances received for services, not yet invoiced (11A)",
  txpd: "Advances of earlier months adjusted against invoices (11B)",
  hsn: "HSN summary (12)",
  docs: "Documents issued (13)",
};

/** Rupees as the JSON writes them (from exact decimal text) back to paise. */
const paise = (rupees: number) => Math.round(rupees * 100);
type Amounts = Pick<Gstr1TaxDetail, "txval" | "iamt" | "csamt"> &
  Partial<Pick<Gstr1TaxDetail, "camt" | "samt">>;

function figures(section: Gstr1Section, count: number, details: Amounts[]): Gstr1SectionFigures {
  let taxableMinor = 0;
  let taxMinor = 0;
  for (const d of details) {
    taxableMinor += paise(d.txval);
    taxMinor += paise(d.iamt) + paise(d.camt ?? 0) + paise(d.samt ?? 0) + paise(d.csamt);
  }
  return { section, label: LABELS[section], count, taxableMinor, taxMinor };
}

export function gstr1SectionFigures(report: Gstr1Json): Gstr1SectionFigures[] {
  const b2b = (report.b2b ?? []).flatMap((r) => r.inv);
  const b2cl = (report.b2cl ?? []).flatMap((r) => r.inv);
  const cdnr = (report.cdnr ?? []).flatMap((r) => r.nt);
  const exp = (report.exp ?? []).flatMap((r) => r.inv);
  const docs = (report.doc_issue?.doc_det ?? []).flatMap((d) => d.docs);
  return [
    figures(
      "b2b",
      b2b.length,
      b2b.flatMap((i) => i.itms.map((t) => t.itm_det)),
    ),
    figures(
      "b2cl",
      b2cl.length,
      b2cl.flatMap((i) => i.itms.map((t) => t.itm_det)),
    ),
    figures("b2cs", report.b2cs?.length ?? 0, report.b2cs ?? []),
    figures(
      "cdnr",
      cdnr.length,
      cdnr.flatMap((n) => n.itms.map((t) => t.itm_det)),
    ),
    figures(
      "cdnur",
      report.cdnur?.length ?? 0,
      (report.cdnur ?? []).flatMap((n) => n.itms.map((t) => t.itm_det)),
    ),
    figures(
      "exp",
      exp.length,
      exp.flatMap((i) => i.itms),
    ),
    figures(
      "nil",
      report.nil?.inv.length ?? 0,
      (report.nil?.inv ?? []).flatMap((n) =>
        [n.nil_amt, n.expt_amt, n.ngsup_amt].map((txval) => ({ txval, iamt: 0, csamt: 0 })),
      ),
    ),
    ...(["at", "txpd"] as const).map((key) =>
      figures(
        key,
        report[key]?.length ?? 0,
        (report[key] ?? []).flatMap((r) => r.itms.map((t) => ({ ...t, txval: t.ad_amt }))),
      ),
    ),
    figures("hsn", gstr1HsnRows(report.hsn).length, gstr1HsnRows(report.hsn)),
    {
      ...figures(
        "docs",
        docs.reduce((n, d) => n + d.totnum, 0),
        [],
      ),
    },
  ];
}

export function presentGstr1Summary(period: string, gstr1: UserGstr1): Gstr1Summary {
  const docs = (gstr1.report.doc_issue?.doc_det ?? []).flatMap((d) => d.docs);
  return {
    period,
    fp: gstr1.report.fp,
    gstin: gstr1.gstin,
    sections: gstr1SectionFigures(gstr1.report),
    documents: {
      issued: docs.reduce((n, d) => n + d.totnum, 0),
      cancelled: docs.reduce((n, d) => n + d.cancel, 0),
    },
    leftOut: gstr1.leftOut.map((l) => ({ invoiceNumber: l.invoiceNumber, reason: l.reason })),
  };
}
