import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { todayInTimeZone } from "#domain/dates";
import { timestampInvoiceNumber } from "#domain/document-number";
import type { Settings } from "#domain/settings";
import { EditorLoadFailed, EditorLoading } from "#web/features/document-editor/EditorPageStates";
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

function CreateNew() {
  const settings = useSettingsOrDefaults();
  // A GST-registered account's tax invoices take the financial year's series whatever the scheme.
  const sequential =
    settings?.invoiceNumberScheme === "sequential" ||
    Boolean(settings?.gstRegistration && settings.gstRegistration.type !== "none");
  // The new invoice is dated today, so its number is the next of today's financial year.
  const today = settings ? todayInTimeZone(new Date(), settings.timeZone) : "";
  const next = useQuery({ ...nextNumberQuery(today), enabled: sequential });
  if (!settings || (sequential && next.isPending)) return <EditorLoading title="Create New Invoice" />;
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
  if (invoice.isError)
    return (
      <EditorLoadFailed
        title="Edit Invoice"
        error={invoice.error}
        noun="invoice"
        back={{ to: "/invoices", label: "Back to all invoices" }}
      />
    );
  if (!settings || !invoice.data) return <EditorLoading title="Edit Invoice" />;
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
