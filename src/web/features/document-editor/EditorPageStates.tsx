import { Link } from "react-router";
import { LOADING_TEXTS } from "#domain/messages";
import { ApiError } from "#web/api";
import { Card, Spinner } from "#web/components/ui/card";
import { PageHeader } from "#web/components/ui/page";

// What an editor's page shows before its editor: loading, or the document that could not be read.

export function EditorLoading({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Spinner label={LOADING_TEXTS.loadingSettings} />
    </>
  );
}

/** "This quote does not exist or was deleted." (or the server's message), and the way back to the list. */
export function EditorLoadFailed({
  title,
  error,
  noun,
  back,
}: {
  title: string;
  error: Error;
  noun: string;
  back: { to: string; label: string };
}) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <>
      <PageHeader title={title} />
      <Card role="alert">
        <p className="font-medium">
          {notFound ? `This ${noun} does not exist or was deleted.` : error.message}
        </p>
        <Link to={back.to} className="mt-2 inline-block text-primary underline">
          {back.label}
        </Link>
      </Card>
    </>
  );
}
