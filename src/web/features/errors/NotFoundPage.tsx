import { useEffect } from "react";
import { Link } from "react-router";

export function NotFoundPage() {
  useEffect(() => {
    document.title = "Page Not Found | Bahi";
  }, []);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background p-6 text-center text-foreground">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Page Not Found</h1>
      <p className="max-w-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Link
        to="/dashboard"
        className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground"
      >
        Go Back to Dashboard
      </Link>
    </main>
  );
}
