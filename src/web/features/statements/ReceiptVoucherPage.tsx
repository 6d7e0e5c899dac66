import { useQuery } from "@tanstack/react-query";
import { Printer } from "lucide-react";
import { Link, useParams } from "react-router";
import { receiptVoucherView } from "#domain/receipt-voucher";
import { callQuery } from "#web/api";
import { Button } from "#web/components/ui/button";
import { useSettings } from "#web/features/settings/useSettings";

// The receipt voucher of an advance for a service (CGST Rule 50, decision 0098), a page of its own
// outside the app's frame so the browser prints just the voucher (Print, or save as PDF).

export function ReceiptVoucherPage() {
  const { id = "", advanceId = "" } = useParams();
  const { settings } = useSettings();
  const params = { id };
  const client = useQuery(callQuery("GET /api/clients/:id", { params }));
  const advances = useQuery(callQuery("GET /api/clients/:id/advances", { params }));
  const advance = advances.data?.advances.find((a) => a.id === advanceId);
  if (client.isPending || advances.isPending) {
    return (
      <p className="p-6 text-sm text-muted-foreground" role="status">
        Loading the receipt voucher…
      </p>
    );
  }
  if (!client.data || !advance?.gst?.voucherNumber) {
    return (
      <p className="p-6 text-sm text-destructive" role="alert">
        There is no receipt voucher here: only an advance recorded for services has one.
      </p>
    );
  }
  const gst = advance.gst;
  const voucherNumber = gst.voucherNumber!;
  const registration = settings.gstRegistration;
  const v = receiptVoucherView({
    supplier: {
      name: registration?.legalName || settings.companyName,
      address: settings.companyAddress,
      gstin: registration?.gstin ?? "",
    },
    recipient: {
      name: client.data.company || client.data.name,
      address: client.data.billingAddress,
      gstin: client.data.gstin,
    },
    voucherNumber,
    receivedOn: advance.receivedOn,
    // A bank credit's note says where it came from, not what it is for.
    description: advance.source === "bank_statement" ? "" : advance.note,
    amountMinor: advance.amountMinor,
    ratePercent: gst.ratePercent,
    placeOfSupply: gst.placeOfSupply,
    split: gst.split,
    tax: gst,
  });
  return (
    <main className="mx-auto max-w-3xl space-y-6 bg-background p-6 text-sm text-foreground print:p-0">
      <div className="flex items-center justify-between gap-2 print:hidden">
        <Link to={`/clients/${id}/statement`} className="text-primary underline underline-offset-2">
          Back to the client
        </Link>
        <Button size="sm" onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden="true" />
          Print
        </Button>
      </div>
      <header className="border-b border-border pb-3">
        <h1 className="text-xl font-semibold">{v.title}</h1>
        <p data-testid="voucher-number">
          No. {v.number} · Date {v.date}
        </p>
      </header>
      <section className="grid gap-4 sm:grid-cols-2">
        <div>
          <h2 className="font-semibold">Supplier</h2>
          <p>{v.supplier.name}</p>
          {v.supplier.lines.map((l) => (
            <p key={l}>{l}</p>
          ))}
          <p>GSTIN: {v.supplier.gstin}</p>
          {v.supplier.state && <p>State: {v.supplier.state}</p>}
        </div>
        <div>
          <h2 className="font-semibold">Received from</h2>
          <p>{v.recipient.name}</p>
          {v.recipient.lines.map((l) => (
            <p key={l}>{l}</p>
          ))}
          <p>GSTIN: {v.recipient.gstin}</p>
        </div>
      </section>
      <section className="space-y-1">
        <p>Description: {v.description}</p>
        <p>Place of supply: {v.placeOfSupply}</p>
        <p>Tax payable on reverse charge: {v.reverseCharge}</p>
      </section>
      <table className="w-full text-left" aria-label="Amounts">
        <tbody>
          {v.rows.map((r) => (
            <tr key={r.label} className="border-t border-border last:font-semibold">
              <th scope="row" className="py-1 font-normal">
                {r.label}
              </th>
              <td className="py-1 text-right tabular-nums">{r.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{v.amountInWords}</p>
      <footer className="pt-10 text-right">
        <p>For {v.supplier.name}</p>
        <p className="pt-8">Authorised signatory</p>
      </footer>
    </main>
  );
}
