/** Page titles of the protected routes, as the spec names them. */
export const PAGE_TITLES: Record<string, string> = {
  "/dashboard": "Dashboard Overview",
  "/payment-success": "Payment Successful",
  "/invoice/new": "Create New Invoice",
  "/invoice/edit": "Edit Invoice",
  "/invoices": "All Invoices",
  "/clients": "Manage Clients",
  "/inventory": "Inventory Overview",
  "/inventory/details": "Inventory Product Details",
  "/inventory/manage-items": "Manage Inventory Items",
  "/settings": "Application Settings",
  "/instructions": "User Instructions",
  "/account": "My Account",
};

export const PRODUCT_NAME = "Bahi";

export function titleForPath(pathname: string): string | undefined {
  if (pathname.startsWith("/invoice/edit/")) return PAGE_TITLES["/invoice/edit"];
  return PAGE_TITLES[pathname.replace(/\/+$/, "") || "/"];
}
