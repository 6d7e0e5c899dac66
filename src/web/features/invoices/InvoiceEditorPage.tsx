import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { todayInTimeZone } from "#domain/dates";
import { timestampInvoiceNumber } from "#domain/document-number";
import { LOADING_TEXTS } from "#domain/messages";
import type { Settings } from "#domain/settings";
import { ApiError } from "#web/api";
import { Card, Spinner } from "#web/components/ui/card";
import { PageHeader } from "#web/components/ui/page";
import { inputFromInvoice, newInvoiceInput } from "#web/features/documents/editor/draft";
import type { Invoice } from "#web/features/documents/types";
import { useSettings } from "../settings/useSettings";
import { InvoiceEditor } from "./editor/InvoiceEditor";
import type { LinkedCards } from "./editor/SavedInvoiceCards";
import { invoiceQuery, nextNumberQuery } from "./queries";

/** /invoice/new and /invoice/edit/:id. Keyed by id so opening another invoice starts afresh. */
export function InvoiceEditorPage({ linked }: { linked?: LinkedCards }) {
  const { id } = useParams();
  return id ? <EditExisting key={id} id={id} linked={linked} /> : <CreateNew />;
}

/** The app's settings (defaults when they cannot be read), or null while they load. */
function useSettingsOrDefaults(): Settings | null {
  const { settings, isLoading } = useSettings();
  return isLoading ? null : settings;
}

function Loading({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Spinner label={LOADING_TEXTS.loadingSettings} />
    </>
  );
}

function CreateNew() {
  const settings = useSettingsOrDefaults();
  // A GST-registered account's tax invoices take the financial year's series whatever the scheme.
  const sequential =
    settings?.invoiceNumberScheme === "sequential" ||
    Boolean(settings?.gstRegistration && settings.gstRegistration.type !== "none");
  // The new invoice is dated today, so its number is the next of today's financial year.
  const today = settings ? todayInTimeZone(new Date(), settings.timeZone) : "";
  const next = useQuery({ ...nextNumberQuery(today), enabled: sequential });
  if (!settings || (sequential && next.isPending)) return <Loading title="Create New Invoice" />;
  const scheme = sequential && next.data?.invoiceNumber ? "sequential" : "timestamp";
  return (
    <NewEditor settings={settings} scheme={scheme} sequentialNumber={next.data?.invoiceNumber ?? null} />
  );
}

function NewEditor({
  settings,
  scheme,
  sequentialNumber,
}: {
  settings: Settings;
  scheme: "timestamp" | "sequential";
  sequentialNumber: string | null;
}) {
  // Made once, when the new invoice is opened (DECISIONS §5).
  const [initial] = useState(() => {
    const now = new Date();
    const number =
      scheme === "sequential" && sequentialNumber
        ? sequentialNumber
        : timestampInvoiceNumber(now, settings.timeZone);
    return newInvoiceInput(settings, number, todayInTimeZone(now, settings.timeZone));
  });
  return <InvoiceEditor invoice={null} initialInput={initial} settings={settings} numberScheme={scheme} />;
}

function EditExisting({ id, linked }: { id: string; linked?: LinkedCards }) {
  const settings = useSettingsOrDefaults();
  const invoice = useQuery(invoiceQuery(id));
  if (invoice.isError) {
    const notFound = invoice.error instanceof ApiError && invoice.error.status === 404;
    return (
      <>
        <PageHeader title="Edit Invoice" />
        <Card role="alert">
          <p className="font-medium">
            {notFound ? "This invoice does not exist or was deleted." : invoice.error.message}
          </p>
          <Link to="/invoices" className="mt-2 inline-block text-primary underline">
            Back to all invoices
          </Link>
        </Card>
      </>
    );
  }
  if (!settings || !invoice.data) return <Loading title="Edit Invoice" />;
  return <ExistingEditor invoice={invoice.data} settings={settings} linked={linked} />;
}

function ExistingEditor({
  invoice,
  settings,
  linked,
}: {
  invoice: Invoice;
  settings: Settings;
  linked?: LinkedCards;
}) {
  const [initial] = useState(() => inputFromInvoice(invoice));
  return (
    <InvoiceEditor
      invoice={invoice}
      initialInput={initial}
      settings={settings}
      numberScheme={settings.invoiceNumberScheme}
      linked={linked}
    />
  );
}
