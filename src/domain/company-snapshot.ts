import type { InvoiceCompany } from "./invoice";
import type { Settings } from "./settings";

/** The settings an invoice's company block is copied from. */
export type CompanySettings = Pick<
  Settings,
  | "companyName"
  | "companyEmail"
  | "companyAddress"
  | "companyPhone"
  | "companyGstin"
  | "companyLogo"
  | "signatureImage"
  | "upiQrCodeImage"
>;

/**
 * What an invoice copies from the settings when it is saved (and an imported invoice without a
 * company of its own): the company's details and the images it shows. The editor's preview
 * uses the same, so it shows what the save will store.
 */
export function companySnapshot(settings: CompanySettings): InvoiceCompany {
  return {
    name: settings.companyName,
    email: settings.companyEmail,
    address: settings.companyAddress,
    phone: settings.companyPhone,
    gstin: settings.companyGstin,
    logoImageId: settings.companyLogo,
    signatureImageId: settings.signatureImage,
    upiQrImageId: settings.upiQrCodeImage,
  };
}
