/** An invoice as the editor sends it: one "Consulting" line of ₹100 for Asha Traders, due, May 2026. */
export function invoiceRequest(invoiceNumber: string, over: Record<string, unknown> = {}) {
  return {
    invoiceNumber,
    status: "due",
    invoiceDate: "2026-05-01",
    dueDate: "2026-05-31",
    currency: "INR",
    client: { name: "Asha Traders" },
    items: [{ id: "l1", name: "Consulting", quantity: "1", rate: "100" }],
    ...over,
  };
}

/** Kesari Traders' bank account and UPI id, as a business fills them in. */
export const KESARI_BANK = {
  accountHolderName: "Kesari Traders LLP",
  bankName: "SBI",
  accountNumber: "1234567890",
  ifscCode: "SBIN0001234",
  branchName: "Pune",
  upiId: "kesari@okhdfc",
  upiIdIsMerchant: false,
};

/** An invoice its client can pay by UPI or bank transfer (QR code and bank details printed), due in 2099. */
export function payableInvoiceRequest(invoiceNumber: string, over: Record<string, unknown> = {}) {
  return invoiceRequest(invoiceNumber, {
    includeUpiQrCode: true,
    includeBankDetails: true,
    bankDetails: KESARI_BANK,
    dueDate: "2099-01-31",
    ...over,
  });
}
