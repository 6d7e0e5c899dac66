import type { Settings } from "#domain/settings";

/** Settings as the API shows them (src/contract/settings.ts): every field listed. */
export function presentSettings(s: Settings) {
  return {
    defaultCurrency: s.defaultCurrency,
    companyName: s.companyName,
    companyEmail: s.companyEmail,
    companyAddress: s.companyAddress,
    companyPhone: s.companyPhone,
    companyGstin: s.companyGstin,
    companyLogo: s.companyLogo,
    defaultNotes: s.defaultNotes,
    defaultTerms: s.defaultTerms,
    primaryColor: s.primaryColor,
    accentColor: s.accentColor,
    fontFamily: s.fontFamily,
    defaultDueDateDays: s.defaultDueDateDays,
    bankDetails: {
      accountHolderName: s.bankDetails.accountHolderName,
      bankName: s.bankDetails.bankName,
      accountNumber: s.bankDetails.accountNumber,
      ifscCode: s.bankDetails.ifscCode,
      branchName: s.bankDetails.branchName,
      upiId: s.bankDetails.upiId,
      upiIdIsMerchant: s.bankDetails.upiIdIsMerchant,
    },
    includeBankDetails: s.includeBankDetails,
    signatureImage: s.signatureImage,
    includeSignature: s.includeSignature,
    upiQrCodeImage: s.upiQrCodeImage,
    includeUpiQrCode: s.includeUpiQrCode,
    invoiceNumberScheme: s.invoiceNumberScheme,
    allowSellingBeyondStock: s.allowSellingBeyondStock,
    defaultTemplate: s.defaultTemplate,
    roundOffTotals: s.roundOffTotals,
    timeZone: s.timeZone,
    // Only when the account said something about GST (absent = not registered, as stored).
    ...(s.gstRegistration
      ? {
          gstRegistration: {
            type: s.gstRegistration.type,
            gstin: s.gstRegistration.gstin,
            legalName: s.gstRegistration.legalName,
            tradeName: s.gstRegistration.tradeName,
            turnoverAbove5Crore: s.gstRegistration.turnoverAbove5Crore,
          },
        }
      : {}),
  } satisfies Settings;
}
