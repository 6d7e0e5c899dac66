import { KIND_STATUSES } from "#domain/document-kinds";
import { PAGE_TITLES } from "#domain/messages";
import type { DetailLabels } from "#web/features/documents/editor/DetailsSection";
import type { WebKind } from "./api";

// What the web says of each kind: its pages, words and form labels. The rules (statuses, moves,
// what converts) are #domain/document-kinds'.

export interface WebKindConfig {
  /** The pages' path: /proforma-invoices, /delivery-challans. */
  path: string;
  /** The list's title and the sidebar's entry. */
  plural: string;
  /** "Proforma invoice", at the start of a sentence. */
  one: string;
  /** In a sentence: "proforma invoice". */
  noun: string;
  description: string;
  newLabel: string;
  newTitle: string;
  empty: { title: string; text: string; link: string };
  statuses: readonly string[];
  /** One object for the whole visit, so the details section skips other keystrokes. */
  details: DetailLabels;
  numberHint: string;
}

export const WEB_KINDS: Record<WebKind, WebKindConfig> = {
  proforma: {
    path: "/proforma-invoices",
    plural: PAGE_TITLES.proformas,
    one: "Proforma invoice",
    noun: "proforma invoice",
    description:
      "A priced offer that looks like the invoice to come, for an advance or an import licence: not a tax invoice, never in GSTR-1. It becomes the invoice in one click.",
    newLabel: "New proforma",
    newTitle: PAGE_TITLES.newProforma,
    empty: {
      title: "No proforma invoices yet.",
      text: "Send a proforma before the payment: when it is paid, convert it into the invoice.",
      link: "Write your first proforma",
    },
    statuses: KIND_STATUSES.proforma,
    details: {
      legend: "Proforma details",
      number: "Proforma number",
      date: "Proforma date",
      due: "Valid until",
      dueHint: "The prices hold until the end of this day.",
    },
    numberHint: "The next proforma number in this financial year; the server confirms it when you save.",
  },
  challan: {
    path: "/delivery-challans",
    plural: PAGE_TITLES.challans,
    one: "Delivery challan",
    noun: "delivery challan",
    description:
      "Goods sent without a sale (on approval, for job work, in parts): issued, they leave your stock; returned or cancelled, they come back. Issued challans of one client become one invoice.",
    newLabel: "New challan",
    newTitle: PAGE_TITLES.newChallan,
    empty: {
      title: "No delivery challans yet.",
      text: "Send goods under a challan: issue it when they leave, and invoice them when they are sold.",
      link: "Write your first challan",
    },
    statuses: KIND_STATUSES.challan,
    details: {
      legend: "Challan details",
      number: "Challan number",
      date: "Challan date",
    },
    numberHint:
      "A draft has no challan number: it takes the next of the series when you issue it (Rule 55 wants them consecutive). Type one only to use your own.",
  },
};
