import { createBrowserRouter, Navigate, Outlet } from "react-router";
import { AuthPage } from "./features/auth/AuthPage";
import { UpdatePasswordPage } from "./features/auth/UpdatePasswordPage";
import { ErrorPage } from "./features/errors/ErrorPage";
import { NotFoundPage } from "./features/errors/NotFoundPage";
import { AboutUsPage } from "./features/public/AboutUsPage";
import { MonetizationGuidePage } from "./features/public/MonetizationGuidePage";
import { PrivacyPage } from "./features/public/PrivacyPage";
import { RefundPage } from "./features/public/RefundPage";
import { ShippingPolicyPage } from "./features/public/ShippingPolicyPage";
import { SupportPage } from "./features/public/SupportPage";
import { TermsPage } from "./features/public/TermsPage";
import { RequireAuth, TermsGate } from "./features/shell/RequireAuth";

/** Loads a page's code only when it is first opened, so /auth stays small. */
const page = <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) => ({
  lazy: async () => ({ Component: pick(await load()) }),
});

export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <ErrorPage />,
    // While the first page's lazy code loads, the page stays blank as before (without this, React
    // Router warns that no HydrateFallback was given).
    hydrateFallbackElement: <div className="min-h-screen" aria-busy="true" />,
    children: [
      { path: "/auth", element: <AuthPage /> },
      { path: "/update-password", element: <UpdatePasswordPage /> },
      {
        path: "/terms-and-conditions",
        element: (
          <TermsGate>
            <TermsPage />
          </TermsGate>
        ),
      },
      { path: "/privacy-policy", element: <PrivacyPage /> },
      { path: "/refund-policy", element: <RefundPage /> },
      { path: "/about-us", element: <AboutUsPage /> },
      { path: "/shipping-policy", element: <ShippingPolicyPage /> },
      { path: "/support", element: <SupportPage /> },
      { path: "/monetization-guide", element: <MonetizationGuidePage /> },
      {
        path: "/",
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            ...page(
              () => import("./features/shell/AppShell"),
              (m) => m.AppShell,
            ),
            children: [
              { index: true, element: <Navigate to="/dashboard" replace /> },
              {
                path: "dashboard",
                ...page(
                  () => import("./features/dashboard/DashboardPage"),
                  (m) => m.DashboardPage,
                ),
              },
              {
                path: "account",
                ...page(
                  () => import("./features/account/AccountPage"),
                  (m) => m.AccountPage,
                ),
              },
              {
                path: "instructions",
                ...page(
                  () => import("./features/instructions/InstructionsPage"),
                  (m) => m.InstructionsPage,
                ),
              },
              {
                path: "payment-success",
                ...page(
                  () => import("./features/payments/PaymentSuccessPage"),
                  (m) => m.PaymentSuccessPage,
                ),
              },
              {
                path: "invoice/new",
                ...page(
                  () => import("./features/invoices/InvoiceEditorPage"),
                  (m) => m.InvoiceEditorPage,
                ),
              },
              {
                path: "invoice/edit/:id",
                ...page(
                  () => import("./features/invoices/InvoiceEditorPage"),
                  (m) => m.InvoiceEditorPage,
                ),
              },
              {
                path: "invoices",
                ...page(
                  () => import("./features/invoices/InvoicesPage"),
                  (m) => m.InvoicesPage,
                ),
              },
              {
                path: "clients",
                ...page(
                  () => import("./features/clients/ClientsPage"),
                  (m) => m.ClientsPage,
                ),
              },
              {
                path: "inventory",
                ...page(
                  () => import("./features/inventory/InventoryOverviewPage"),
                  (m) => m.InventoryOverviewPage,
                ),
              },
              {
                path: "inventory/details",
                ...page(
                  () => import("./features/inventory/InventoryDetailsPage"),
                  (m) => m.InventoryDetailsPage,
                ),
              },
              {
                path: "inventory/manage-items",
                ...page(
                  () => import("./features/inventory/ManageItemsPage"),
                  (m) => m.ManageItemsPage,
                ),
              },
              {
                path: "settings",
                ...page(
                  () => import("./features/settings/SettingsPage"),
                  (m) => m.SettingsPage,
                ),
              },
            ],
          },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
