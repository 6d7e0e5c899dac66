/**
 * Every error code the API answers with (`{ error: { code, message, fields? } }`) and its HTTP
 * status. The server throws these codes and one error handler (server/app.ts) turns them into
 * statuses; the browser switches on `code`, never on message text. Messages are for people.
 */
export const ERROR_STATUS = {
  /** A field breaks the contract or a rule; `fields` names each field at fault. */
  validation_failed: 400,
  /** The request itself is unusable (not JSON, a bad webhook signature, a file that is not Bahi's). */
  bad_request: 400,
  unauthorized: 401,
  /** No credits left for a PDF. */
  payment_required: 402,
  /** A state-changing request that did not come from the Bahi web app. */
  forbidden_origin: 403,
  /** A read-only API key asked to change something. */
  key_read_only: 403,
  /** The account belongs to no business (its last one was left or deleted): it must create one. */
  no_business: 403,
  /** The member's role does not allow this in the business (decision 0072). */
  role_forbidden: 403,
  /** An invitation is for another e-mail address than the signed-in person's (decision 0076). */
  invitation_not_for_you: 403,
  not_found: 404,
  method_not_allowed: 405,
  /** Another of the user's invoices has this number. */
  invoice_number_taken: 409,
  /** An issued invoice or an adjustment needs more stock than the item has. */
  insufficient_stock: 409,
  /** Stock tracking cannot stop while the item still holds stock. */
  stock_not_zero: 409,
  /** A stock adjustment for an item that does not track stock. */
  stock_not_tracked: 409,
  /** This payment was already recorded (for another order). */
  payment_already_recorded: 409,
  /** The bank has authorised the payment but not captured it yet. */
  payment_pending: 409,
  /** A draft or cancelled invoice takes no payments. */
  invoice_not_payable: 409,
  /** The invoice's payments stop this change (back to draft, cancelled, a total below them). */
  invoice_has_payments: 409,
  /** A credit or debit note against a draft or cancelled invoice, or a change a note forbids (decision 0037). */
  credit_note_not_allowed: 409,
  /** An issued invoice is cancelled, never deleted: its number stays in the series (Rule 46). */
  issued_invoice_not_deletable: 409,
  /** An invoice with no balance due cannot be paid online. */
  nothing_to_pay: 409,
  /** The request would do more than it looks (a recurring start date in the past makes invoices at once): send it again with the confirmation. */
  confirmation_needed: 409,
  /** Another of the user's quotes (proformas, challans) has this number. */
  quote_number_taken: 409,
  /** The quote's status stops this (not sent yet, expired, declined, accepted, converted). */
  quote_closed: 409,
  /** A proforma's or challan's status stops this (an issued challan cannot be edited or deleted, a converted one not converted again). */
  document_closed: 409,
  /** A bank statement line is not in the state this needs (confirming a matched line, undoing one in review). */
  bank_line_closed: 409,
  /** Part of the client advance is already applied to invoices: delete those payments first (decision 0092). */
  advance_applied: 409,
  /** GSTR-1 is for regular taxpayers: composition and unregistered accounts get this. */
  gstr1_not_offered: 409,
  /** The Tally export needs a regular GST registration in Settings (decision 0080). */
  tally_not_offered: 409,
  /** This document has no e-invoice JSON (B2C, a bill of supply, a draft) or lacks a detail it needs; the message says which. */
  einvoice_not_available: 409,
  /** A document of the e-way bill file is refused (what NIC would refuse, or no e-way bill needed); the message names each document and why (decision 0085). */
  eway_bill_not_available: 409,
  /** The change would leave the business with no owner (decision 0076). */
  last_owner: 409,
  /** The person invited is already a member of the business. */
  already_member: 409,
  /** Another import of the user's data is under way: one at a time per account. */
  import_running: 409,
  /** The invitation was used, revoked or has expired: the owner can send a new one. */
  invitation_closed: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  internal: 500,
  service_unavailable: 503,
  /** The server has no Razorpay keys and its test checkout is off: nothing can be bought. */
  payments_not_configured: 503,
  database_unavailable: 503,
  /** The database gave up on a long statement (statement_timeout); trying again may work. */
  timed_out: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "string" && Object.hasOwn(ERROR_STATUS, code);
}

/**
 * better-auth answers its own routes (/api/auth/*) with `{ code, message }`; these are the codes
 * the web app switches on.
 */
export const AUTH_ERROR = {
  invalidPassword: "INVALID_PASSWORD",
  sessionExpired: "SESSION_EXPIRED",
  invalidEmailOrPassword: "INVALID_EMAIL_OR_PASSWORD",
  emailNotVerified: "EMAIL_NOT_VERIFIED",
  userAlreadyExists: "USER_ALREADY_EXISTS",
} as const;
