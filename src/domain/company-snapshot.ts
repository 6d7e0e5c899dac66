import { hasAddressParts } from "./company-address";
import { companyGstSnapshot } from "./gst-document";
import type { InvoiceCompany } from "./invoice";
import { gstRegistrationOf, type Settings } from "./settings";

/** The settings an invoice's company block is copied from. */
export type CompanySettings = Pick<
  Settings,
  | "companyName"
  | "companyEmail"
  | "companyAddress"
  | "companyAddressParts"
  | "companyPhone"
  | "companyGstin"
  | "companyLogo"
  | "signatureImage"
  | "upiQrCodeImage"
  | "gstRegistration"
>;

/**
 * What an invoice copies from the settings when it is saved (and an imported invoice without a
 * company of its own): the company's details and the images it shows. The editor's preview
 * uses the same, so it shows what the save will store. A GST-registered company also gets
 * `gst`, and its registration's GSTIN is the one printed; an unregistered one keeps exactly
 * the retail snapshot (companyGstin, no `gst` key).
 */
export function companySnapshot(settings: CompanySettings): InvoiceCompany {
  const gst = companyGstSnapshot(gstRegistrationOf(settings));
  return {
    name: settings.companyName,
    email: settings.companyEmail,
    address: settings.companyAddress,
    ...(hasAddressParts(settings.companyAddressParts)
      ? { addressParts: { ...settings.companyAddressParts } }
      : {}),
    phone: settings.companyPhone,
    gstin: gst ? gst.gstin : settings.companyGstin,
    logoImageId: settings.companyLogo,
    signatureImageId: settings.signatureImage,
    upiQrImageId: settings.upiQrCodeImage,
    ...(gst ? { gst } : {}),
  };
}
