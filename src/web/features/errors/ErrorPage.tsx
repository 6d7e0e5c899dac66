import { isRouteErrorResponse, useRouteError } from "react-router";

/** The last line of defence: shown when a page throws while rendering. */
export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background p-6 text-center text-foreground">
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="max-w-md text-muted-foreground">
        Something went wrong while showing this page. Your saved data is safe. Try reloading the page.
      </p>
      <pre className="max-w-full overflow-x-auto rounded bg-muted p-3 text-left text-xs">{detail}</pre>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground"
        >
          Reload
        </button>
        <a
          href="/dashboard"
          className="inline-flex h-10 items-center rounded-md border border-border px-4 text-sm font-medium"
        >
          Go to Dashboard
        </a>
      </div>
    </main>
  );
}
