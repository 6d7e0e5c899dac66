import { createBrowserRouter, Navigate, Outlet } from "react-router";
import { ErrorPage } from "./features/errors/ErrorPage";
import { NotFoundPage } from "./features/errors/NotFoundPage";
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
      // The landing page and the sign-in forms load with /auth only, so an app page's first
      // download does not carry them; the router asks for them as soon as the entry runs, at the
      // same time as the session.
      {
        path: "/auth",
        ...page(
          () => import("./features/auth/AuthPage"),
          (m) => m.AuthPage,
        ),
      },
      // The information pages and the password reset page are loaded when opened.
      {
        path: "/update-password",
        ...page(
          () => import("./features/auth/UpdatePasswordPage"),
          (m) => m.UpdatePasswordPage,
        ),
      },
      {
        path: "/terms-and-conditions",
        element: (
          <TermsGate>
            <Outlet />
          </TermsGate>
        ),
        children: [
          {
            index: true,
            ...page(
              () => import("./features/public/TermsPage"),
              (m) => m.TermsPage,
            ),
          },
        ],
      },
      {
        path: "/privacy-policy",
        ...page(
          () => import("./features/public/PrivacyPage"),
          (m) => m.PrivacyPage,
        ),
      },
      {
        path: "/refund-policy",
        ...page(
          () => import("./features/public/RefundPage"),
          (m) => m.RefundPage,
        ),
      },
      {
        path: "/about-us",
        ...page(
          () => import("./features/public/AboutUsPage"),
          (m) => m.AboutUsPage,
        ),
      },
      {
        path: "/shipping-policy",
        ...page(
          () => import("./features/public/ShippingPolicyPage"),
          (m) => m.ShippingPolicyPage,
        ),
      },
      {
        path: "/support",
        ...page(
          () => import("./features/public/SupportPage"),
          (m) => m.SupportPage,
        ),
      },
      {
        path: "/monetization-guide",
        ...page(
          () => import("./features/public/MonetizationGuidePage"),
          (m) => m.MonetizationGuidePage,
        ),
      },
      {
        path: "/",
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          // A receipt voucher prints on its own, outside the app's frame (decision 0098).
          {
            path: "clients/:id/advances/:advanceId/voucher",
            ...page(
              () => import("./features/statements/ReceiptVoucherPage"),
              (m) => m.ReceiptVoucherPage,
            ),
          },
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
                  () => import("./features/document-links/InvoiceEditorRoute"),
                  (m) => m.InvoiceEditorRoute,
                ),
              },
              {
                path: "invoice/edit/:id",
                ...page(
                  () => import("./features/document-links/InvoiceEditorRoute"),
                  (m) => m.InvoiceEditorRoute,
                ),
              },
              {
                path: "credit-notes",
                ...page(
                  () => import("./features/credit-notes/CreditNotesPage"),
                  (m) => m.CreditNotesPage,
                ),
              },
              {
                path: "credit-notes/new",
                ...page(
                  () => import("./features/credit-notes/NoteEditorPage"),
                  (m) => m.NoteEditorPage,
                ),
              },
              {
                path: "credit-notes/:id",
                ...page(
                  () => import("./features/credit-notes/NoteEditorPage"),
                  (m) => m.NoteEditorPage,
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
                path: "quotes",
                ...page(
                  () => import("./features/quotes/QuotesPage"),
                  (m) => m.QuotesPage,
                ),
              },
              {
                path: "quotes/:id",
                ...page(
                  () => import("./features/quotes/QuoteEditorPage"),
                  (m) => m.QuoteEditorPage,
                ),
              },
              {
                path: "proforma-invoices",
                ...page(
                  () => import("./features/pre-invoice/KindListPage"),
                  (m) => m.ProformaListPage,
                ),
              },
              {
                path: "proforma-invoices/:id",
                ...page(
                  () => import("./features/pre-invoice/KindEditorPage"),
                  (m) => m.ProformaEditorPage,
                ),
              },
              {
                path: "delivery-challans",
                ...page(
                  () => import("./features/pre-invoice/KindListPage"),
                  (m) => m.ChallanListPage,
                ),
              },
              {
                path: "delivery-challans/:id",
                ...page(
                  () => import("./features/pre-invoice/KindEditorPage"),
                  (m) => m.ChallanEditorPage,
                ),
              },
              {
                path: "recurring",
                ...page(
                  () => import("./features/recurring/RecurringPage"),
                  (m) => m.RecurringPage,
                ),
              },
              {
                path: "reports",
                ...page(
                  () => import("./features/reports/ReportsPage"),
                  (m) => m.ReportsPage,
                ),
              },
              {
                path: "reports/tally",
                ...page(
                  () => import("./features/reports/TallyPage"),
                  (m) => m.TallyPage,
                ),
              },
              {
                path: "reports/tds",
                ...page(
                  () => import("./features/reports/TdsPage"),
                  (m) => m.TdsPage,
                ),
              },
              {
                path: "reports/bank-statements",
                ...page(
                  () => import("./features/bank-statements/BankStatementsPage"),
                  (m) => m.BankStatementsPage,
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
                path: "clients/:id/statement",
                ...page(
                  () => import("./features/statements/StatementPage"),
                  (m) => m.StatementPage,
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
                path: "activity",
                ...page(
                  () => import("./features/activity/ActivityPage"),
                  (m) => m.ActivityPage,
                ),
              },
              {
                path: "members",
                ...page(
                  () => import("./features/members/MembersPage"),
                  (m) => m.MembersPage,
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
