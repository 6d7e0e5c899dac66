import { PAGE_TITLES } from "#domain/messages";

/** Page titles of the protected routes, as the spec names them, by path. */
const TITLES_BY_PATH: Record<string, string> = {
  "/dashboard": PAGE_TITLES.dashboard,
  "/payment-success": PAGE_TITLES.paymentSuccess,
  "/invoice/new": PAGE_TITLES.newInvoice,
  "/invoices": PAGE_TITLES.invoices,
  "/credit-notes": "Credit & Debit Notes",
  "/recurring": PAGE_TITLES.recurring,
  "/quotes": PAGE_TITLES.quotes,
  "/quotes/new": PAGE_TITLES.newQuote,
  "/proforma-invoices": PAGE_TITLES.proformas,
  "/proforma-invoices/new": PAGE_TITLES.newProforma,
  "/delivery-challans": PAGE_TITLES.challans,
  "/delivery-challans/new": PAGE_TITLES.newChallan,
  "/reports": PAGE_TITLES.reports,
  "/reports/tally": "Export to Tally",
  "/reports/bank-statements": "Bank statements",
  "/clients": PAGE_TITLES.clients,
  "/inventory": PAGE_TITLES.inventory,
  "/inventory/details": PAGE_TITLES.inventoryDetails,
  "/inventory/manage-items": PAGE_TITLES.inventoryManageItems,
  "/activity": "Activity",
  "/settings": PAGE_TITLES.settings,
  "/members": "Members",
  "/instructions": PAGE_TITLES.instructions,
  "/account": PAGE_TITLES.account,
};

export const PRODUCT_NAME = PAGE_TITLES.default;

export function titleForPath(pathname: string): string | undefined {
  if (pathname.startsWith("/invoice/edit/")) return PAGE_TITLES.editInvoice;
  if (pathname.startsWith("/quotes/") && pathname !== "/quotes/new") return PAGE_TITLES.editQuote;
  for (const [base, title] of [
    ["/proforma-invoices/", PAGE_TITLES.editProforma],
    ["/delivery-challans/", PAGE_TITLES.editChallan],
  ]) {
    if (pathname.startsWith(base) && pathname !== `${base}new`) return title;
  }
  return TITLES_BY_PATH[pathname.replace(/\/+$/, "") || "/"];
}
