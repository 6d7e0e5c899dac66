// The pages most often opened first: a path pattern, the modules router.tsx loads for it, and the
// API answers the page waits for (the session, and what prefetch.ts asks for). The build preloads
// both while the entry downloads (`preloadFirstPage` in vite.config.ts), and
// src/architecture.test.ts keeps what these modules download small (decision 0012).

const SESSION = "/api/auth/get-session";
const APP_DATA = [SESSION, "/api/settings", "/api/credits"];
const SHELL = "features/shell/AppShell.tsx";
const EDITOR = "features/document-links/InvoiceEditorRoute.tsx";

/** [path pattern, modules under src/web, API answers]. */
export const FIRST_PAGES: [pattern: string, modules: string[], api: string[]][] = [
  ["^/auth$", ["features/auth/AuthPage.tsx"], [SESSION]],
  ["^/dashboard$", [SHELL, "features/dashboard/DashboardPage.tsx"], [...APP_DATA, "/api/dashboard"]],
  ["^/invoice/new$", [SHELL, EDITOR], APP_DATA],
  [
    "^/invoice/edit/[^/]+$",
    [
      SHELL,
      EDITOR,
      "features/invoices/editor/SavedInvoiceCards.tsx",
      "features/document-links/InvoiceLinkedCards.tsx",
    ],
    APP_DATA,
  ],
  ["^/invoices$", [SHELL, "features/invoices/InvoicesPage.tsx"], APP_DATA],
  ["^/clients$", [SHELL, "features/clients/ClientsPage.tsx"], APP_DATA],
];

/**
 * The editor's routes: the heaviest first pages, which alone may load zod's schemas (the form checks
 * its input with them). The build gives the code only they share a chunk of its own.
 */
export const isEditorRoute = ([pattern]: (typeof FIRST_PAGES)[number]) => pattern.startsWith("^/invoice/");
