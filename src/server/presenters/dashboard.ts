import type { LowStockRow } from "../db/queries/dashboard";
import { trimQuantity } from "../db/queries/stock";
import type { Dashboard } from "../services/dashboard";
import { presentInvoiceSummary } from "./invoices";

// The dashboard as the API shows it (src/contract/dashboard.ts): every field listed.

/** "12.500" -> "12.5", as the products API presents quantities. */
const quantity = (q: string | null) => (q === null ? null : trimQuantity(q));

function presentLowStock(p: LowStockRow) {
  return {
    id: p.id,
    name: p.name,
    unit: p.unit,
    availableQuantity: quantity(p.availableQuantity),
    lowStockLevel: quantity(p.lowStockLevel),
  };
}

export function presentDashboard(d: Dashboard) {
  return {
    currency: d.currency,
    timeZone: d.timeZone,
    today: d.today,
    month: d.month,
    financialYear: d.financialYear,
    otherCurrencies: d.otherCurrencies,
    revenueByMonth: d.revenueByMonth,
    statusBreakdown: d.statusBreakdown,
    receivables: d.receivables.map((r) => ({
      currency: r.currency,
      receivedMonthMinor: r.receivedMonthMinor,
      receivedYearMinor: r.receivedYearMinor,
      outstandingMinor: r.outstandingMinor,
      ageing: { ...r.ageing },
      ...("outstandingInrMinor" in r
        ? { outstandingInrMinor: r.outstandingInrMinor, withoutRate: r.withoutRate }
        : {}),
    })),
    recent: d.recent.map((row) => presentInvoiceSummary(row, d.today)),
    lowStock: d.lowStock.map(presentLowStock),
    credits: d.credits,
    tdsReceivable: { amountMinor: d.tdsReceivable.amountMinor, count: d.tdsReceivable.count },
  };
}
