import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useParams } from "react-router";
import { todayInTimeZone } from "#domain/dates";
import type { Settings } from "#domain/settings";
import { EditorLoadFailed, EditorLoading } from "#web/features/document-editor/EditorPageStates";
import { useSettings } from "../settings/useSettings";
import { inputFromQuote, newQuoteInput, nextQuoteNumberQuery, type Quote, quoteQuery } from "./api";
import { QuoteEditor } from "./QuoteEditor";

/** /quotes/new and /quotes/:id. Keyed by id so opening another quote starts afresh. */
export function QuoteEditorPage() {
  const { id } = useParams();
  return id && id !== "new" ? <EditExisting key={id} id={id} /> : <CreateNew />;
}

function CreateNew() {
  const { settings, isLoading } = useSettings();
  const today = isLoading ? "" : todayInTimeZone(new Date(), settings.timeZone);
  const next = useQuery({ ...nextQuoteNumberQuery(today), enabled: !isLoading });
  if (isLoading || next.isPending) return <EditorLoading title="New Quote" />;
  return <NewEditor settings={settings} number={next.data?.quoteNumber ?? ""} today={today} />;
}

function NewEditor({ settings, number, today }: { settings: Settings; number: string; today: string }) {
  const [initial] = useState(() => newQuoteInput(settings, number, today));
  return <QuoteEditor quote={null} initialInput={initial} settings={settings} />;
}

function EditExisting({ id }: { id: string }) {
  const { settings, isLoading } = useSettings();
  // While the client can answer, the quote is asked for again every 15 s and whenever the tab is
  // looked at again: an Accept given on its public page shows without a reload.
  const awaitingAnswer = (q: { state: { data?: Quote } }) => q.state.data?.status === "sent";
  const quote = useQuery({
    ...quoteQuery(id),
    refetchInterval: (q) => (awaitingAnswer(q) ? 15_000 : false),
    refetchOnWindowFocus: (q) => (awaitingAnswer(q) ? "always" : false),
  });
  if (quote.isError)
    return (
      <EditorLoadFailed
        title="Quote"
        error={quote.error}
        noun="quote"
        back={{ to: "/quotes", label: "Back to all quotes" }}
      />
    );
  if (isLoading || !quote.data) return <EditorLoading title="Quote" />;
  return <ExistingEditor quote={quote.data} settings={settings} />;
}

function ExistingEditor({ quote, settings }: { quote: Quote; settings: Settings }) {
  const [initial] = useState(() => inputFromQuote(quote));
  return <QuoteEditor quote={quote} initialInput={initial} settings={settings} />;
}
