/** Largest accepted image upload (spec §5: 2 MB enforced for logo, signature and QR). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

// Longest text each field takes, in characters: one number per field for the routes, the
// dialogs' inputs, the import file and the invoice document. The spec names none; where the
// copies disagreed the larger one was kept (the invoice document's), so no stored record and
// no earlier export file is refused.
export const ADDRESS_LIMITS = {
  line1: 200,
  line2: 200,
  city: 100,
  state: 100,
  postalCode: 20,
  country: 100,
} as const;

/** A GSTIN is 15 characters. */
export const CLIENT_LIMITS = {
  name: 200,
  company: 200,
  email: 254,
  phone: 40,
  gstin: 15,
  notes: 5000,
} as const;

/** A product's name becomes an invoice line's name, so both take the same length. */
export const PRODUCT_LIMITS = { name: 300, hsnSac: 20, unit: 20, adjustmentNote: 500 } as const;
