import type { DisplayStatus } from "#domain/status";
import type { InvoiceSummary } from "../invoices/types";

export interface Figure {
  amountMinor: number;
  count: number;
}

export interface Figures {
  invoiced: Figure;
  paid: Figure;
  outstanding: Figure;
  overdue: Figure;
}

export interface Dashboard {
  currency: string;
  timeZone: string;
  today: string;
  month: Figures;
  financialYear: Figures & { label: string };
  otherCurrencies: { currency: string; invoicedMinor: number; paidMinor: number; outstandingMinor: number }[];
  revenueByMonth: { month: string; invoicedMinor: number; paidMinor: number }[];
  statusBreakdown: { status: DisplayStatus; count: number; amountMinor: number }[];
  recent: InvoiceSummary[];
  lowStock: {
    id: string;
    name: string;
    unit: string | null;
    availableQuantity: string | null;
    lowStockLevel: string | null;
  }[];
  credits: number;
}
