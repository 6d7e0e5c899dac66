import { Check, X } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Field, Input, Textarea } from "#web/components/ui/input";
import { Dialog } from "#web/components/ui/lazy-dialog";
import { formatDate } from "#web/features/documents/format";
import { useMay } from "#web/features/members/role";
import { type QuoteCardProps, setQuoteStatus, useInvalidateQuotes } from "./api";

// The client's answer: as given on the quote's page, or recorded by hand when the client answered
// by phone or in person (an accepted quote's "Convert to invoice" is in the editor's action bar).

const at = (iso: string) =>
  new Date(iso).toLocaleString("en-IN", { dateStyle: "medium", timeStyle: "short" });

export function QuoteAnswerCard({ quote, ensureSaved, onChanged }: QuoteCardProps) {
  const invalidate = useInvalidateQuotes();
  const [recording, setRecording] = useState<"accepted" | "declined" | null>(null);
  const [form, setForm] = useState({ name: "", comment: "" });
  const [busy, setBusy] = useState<string | null>(null);
  const status = quote.displayStatus;
  // Recording the client's answer changes the quote: a role that may (decision 0079).
  const mayWrite = useMay("documents.write");

  async function act(name: string, work: () => Promise<void>) {
    setBusy(name);
    try {
      await work();
    } catch (error) {
      toast.error("Could not update the quote", { description: (error as Error).message });
    } finally {
      setBusy(null);
    }
  }

  const changeStatus = (next: "sent" | "accepted" | "declined", answer = { name: "", comment: "" }) =>
    act(next, async () => {
      if (!(await ensureSaved())) return;
      const changed = await setQuoteStatus(quote.id, { status: next, ...answer });
      onChanged(changed);
      await invalidate();
      setRecording(null);
      toast.success(next === "sent" ? "Quote marked sent" : `Quote marked ${next}`, {
        description: quote.quoteNumber,
      });
    });

  return (
    <Card role="region" aria-labelledby="quote-answer-heading" className="space-y-3">
      <h2 id="quote-answer-heading" className="text-lg font-semibold">
        Client's answer
      </h2>
      {quote.answer ? (
        <div className="text-sm" data-testid="quote-answer">
          <p>
            <strong>{status === "declined" ? "Declined" : "Accepted"}</strong>
            {quote.answer.name ? ` by ${quote.answer.name}` : ""} on {at(quote.answer.at)}
            {quote.answer.ip ? ` (from ${quote.answer.ip})` : " (recorded by you)"}.
          </p>
          {quote.answer.comment && <p className="mt-1 whitespace-pre-line">“{quote.answer.comment}”</p>}
        </div>
      ) : status === "draft" ? (
        <p className="text-sm text-muted-foreground">
          Not sent yet. Send it or share its link below; your client accepts or declines on the quote's page.
        </p>
      ) : status === "expired" ? (
        <p className="text-sm text-warning">
          This quote was valid until {formatDate(quote.validUntil)}; it can no longer be accepted. Change the
          valid-until date and save to offer it again.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Waiting for your client. If they answered by phone or in person, record it here.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {status === "draft" && mayWrite && (
          <Button
            size="sm"
            variant="outline"
            busy={busy === "sent"}
            onClick={() => void changeStatus("sent")}
          >
            Mark as sent
          </Button>
        )}
        {status === "sent" && mayWrite && (
          <>
            <Button size="sm" variant="outline" onClick={() => setRecording("accepted")}>
              <Check className="h-4 w-4" aria-hidden="true" />
              Mark accepted…
            </Button>
            <Button size="sm" variant="outline" onClick={() => setRecording("declined")}>
              <X className="h-4 w-4" aria-hidden="true" />
              Mark declined…
            </Button>
          </>
        )}
        {quote.status === "converted" && quote.convertedInvoiceId && (
          <Link
            to={`/invoice/edit/${encodeURIComponent(quote.convertedInvoiceId)}`}
            className="inline-flex items-center gap-2 text-sm font-medium text-primary underline"
          >
            Open invoice {quote.convertedInvoiceNumber ?? ""}
          </Link>
        )}
      </div>
      <Dialog
        open={recording !== null}
        onOpenChange={(open) => !open && setRecording(null)}
        title={
          recording === "declined" ? "Record that the client declined" : "Record that the client accepted"
        }
        description="For an answer given by phone, e-mail or in person."
      >
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (recording) void changeStatus(recording, form);
          }}
        >
          <Field label="Who answered (optional)">
            {(p) => (
              <Input
                {...p}
                value={form.name}
                maxLength={120}
                onChange={(e) => setForm({ ...form, name: e.target.value })}
              />
            )}
          </Field>
          <Field label="Note (optional)">
            {(p) => (
              <Textarea
                {...p}
                rows={3}
                value={form.comment}
                maxLength={1000}
                onChange={(e) => setForm({ ...form, comment: e.target.value })}
              />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setRecording(null)}>
              Cancel
            </Button>
            <Button type="submit" busy={busy === recording}>
              {recording === "declined" ? "Mark declined" : "Mark accepted"}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
