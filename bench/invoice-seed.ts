// The three-line invoice the backup benches fill their databases with (bench/backup.ts,
// bench/backup-stall.ts): the same document, only the status and dates vary.
import { buildInvoiceDocument, invoiceInputSchema } from "#domain/invoice";

const company = {
  name: "Kesari Traders",
  email: "accounts@kesari.example",
  address: "12 MG Road, Pune",
  phone: "+91 98200 00000",
  gstin: "27AAPFU0939F1ZV",
  logoImageId: null,
  signatureImageId: null,
  upiQrImageId: null,
};

export interface SeedDates {
  status: "due" | "paid";
  invoiceDate: string;
  dueDate: string;
  paymentDate?: string | null;
}

/** Invoice number B-<i> with three lines; `i` varies the client and the delivery charge. */
export function seedInvoiceDocument(i: number, dates: SeedDates) {
  return buildInvoiceDocument(
    invoiceInputSchema.parse({
      invoiceNumber: `B-${String(i).padStart(6, "0")}`,
      ...dates,
      currency: "INR",
      client: { name: `Client ${i % 200}`, email: "accounts@example.com", billingAddress: { city: "Pune" } },
      items: [
        { id: "l1", name: "Basmati Rice 5kg", quantity: "2", rate: "650.50", taxPercent: "5" },
        {
          id: "l2",
          name: "Toor Dal 1kg",
          quantity: "3",
          rate: "180",
          discountPercent: "2.5",
          taxPercent: "5",
        },
        { id: "l3", name: "Delivery", quantity: "1", rate: String(50 + (i % 400)), taxPercent: "18" },
      ],
      notes: "Thank you for your business.",
    }),
    company,
  );
}
