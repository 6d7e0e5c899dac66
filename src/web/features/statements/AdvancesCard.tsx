import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { Advance } from "#contract/client-advances";
import { formatPageDate, todayInTimeZone } from "#domain/dates";
import { formatMoney } from "#domain/format";
import { advanceTaxComponents } from "#domain/gst-advances";
import { PAYMENT_METHOD_LABELS } from "#domain/payments";
import { call, callQuery, queryKeyOf } from "#web/api";
import { Button, IconButton } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { CardRecords } from "#web/components/ui/states";
import { useMay } from "#web/features/members/role";
import { useSettings } from "#web/features/settings/useSettings";
import { RecordAdvanceForm } from "./RecordAdvanceForm";

// A client's advances (issue 33, decision 0092): money paid before an invoice, with what is left of
// each; *Record advance* adds one, and Record payment on the client's invoice applies it.

/** "RV/2026-27/0001 · 18 % GST, Maharashtra (27): ₹10,000.00 + CGST ₹900.00 + SGST ₹900.00" */
function advanceGstLine(gst: NonNullable<Advance["gst"]>): string {
  const inr = (m: number) => formatMoney(m, "INR");
  const tax = advanceTaxComponents(gst, gst.split)
    .map((c) => `${c.name} ${inr(c.minor)}`)
    .join(" + ");
  const voucher = gst.voucherNumber ? `Receipt voucher ${gst.voucherNumber} · ` : "";
  return `${voucher}${gst.ratePercent} % GST, ${gst.placeOfSupplyName}: ${inr(gst.taxableMinor)} + ${tax}`;
}

export function AdvancesCard({ clientId }: { clientId: string }) {
  const { settings } = useSettings();
  const today = todayInTimeZone(new Date(), settings.timeZone);
  const queryClient = useQueryClient();
  const params = { id: clientId };
  const query = useQuery(callQuery("GET /api/clients/:id/advances", { params }));
  const [adding, setAdding] = useState(false);
  const mayRecord = useMay("payments.record");
  const mayDelete = useMay("payments.delete");
  const remove = useMutation({
    mutationFn: (a: Advance) =>
      call("DELETE /api/clients/:id/advances/:advanceId", { params: { id: clientId, advanceId: a.id } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKeyOf("GET /api/clients/:id/advances", { params }), answer);
      toast.success("Advance deleted");
    },
    onError: (error) =>
      toast.error("Could not delete the advance", { description: (error as Error).message }),
  });
  const advances = query.data?.advances ?? [];
  const left = advances.filter((a) => a.currency === "INR").reduce((sum, a) => sum + a.balanceMinor, 0);
  return (
    <Card role="region" aria-labelledby="advances-heading" className="p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="advances-heading" className="text-lg font-semibold">
            Advances
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="advance-held">
            Advance held: <strong className="text-foreground">{formatMoney(left, "INR")}</strong> · applied
            from Record payment on this client's invoices
          </p>
        </div>
        {mayRecord && !adding && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Record advance
          </Button>
        )}
      </div>
      {adding && (
        <RecordAdvanceForm
          clientId={clientId}
          today={today}
          registered={settings.gstRegistration?.type === "regular"}
          onDone={() => setAdding(false)}
        />
      )}
      <CardRecords
        query={query}
        items={query.data?.advances}
        what="advances"
        empty="No advances recorded."
        label="Advances"
        main={(a) => (
          <>
            <p className="font-medium tabular-nums">
              {formatMoney(a.amountMinor, a.currency)}{" "}
              <span className="font-normal text-muted-foreground">
                · {formatMoney(a.balanceMinor, a.currency)} left
              </span>
            </p>
            <p className="text-xs text-muted-foreground">
              {formatPageDate(a.receivedOn)} · {PAYMENT_METHOD_LABELS[a.method]}
              {a.reference ? ` · ${a.reference}` : ""}
              {a.source === "bank_statement" ? " · from a bank statement" : ""}
              {a.note ? ` · ${a.note}` : ""}
            </p>
            {a.gst && (
              <p className="text-xs text-muted-foreground" data-testid="advance-gst">
                {advanceGstLine(a.gst)}
                {a.gst.voucherNumber && (
                  <>
                    {" · "}
                    <Link
                      to={`/clients/${clientId}/advances/${a.id}/voucher`}
                      className="text-primary underline underline-offset-2"
                    >
                      Print receipt voucher
                    </Link>
                  </>
                )}
              </p>
            )}
          </>
        )}
        side={(a) =>
          mayDelete &&
          a.appliedMinor === 0 && (
            <IconButton
              variant="outline"
              label={`Delete advance of ${formatMoney(a.amountMinor, a.currency)}`}
              icon={Trash2}
              disabled={remove.isPending}
              onClick={() => remove.mutate(a)}
            />
          )
        }
      />
    </Card>
  );
}
