import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ACTIVITY_ACTIONS, ACTIVITY_ACTOR_KINDS, ACTIVITY_RECORD_KINDS } from "#domain/activity-log";
import { NOTE_KINDS, NOTE_REASONS, NOTE_STATUSES } from "#domain/credit-notes";
import { ALL_DOCUMENT_KINDS } from "#domain/document-kinds";
import { DOCUMENT_SERIES } from "#domain/document-number";
import { TAX_SPLITS } from "#domain/gst-supply";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
/**
 * An event's time: of the insert itself, not of its transaction, so that the several events one
 * change writes list in the order they happened.
 */
const eventTime = () =>
  timestamp("created_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`);

/** The person a row belongs to (sessions, sign-in accounts, addresses): deleting the user deletes it. */
const PERSON_COLUMN = "user_id";
const personId = () =>
  text(PERSON_COLUMN)
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });
/** The business that owns the row (decision 0072): deleting the business deletes it. */
const ownerId = () =>
  text("business_id")
    .notNull()
    .references(() => businesses.id, { onDelete: "cascade" });
/** A table with one row per business at most. */
const ownerKey = () =>
  text("business_id")
    .primaryKey()
    .references(() => businesses.id, { onDelete: "cascade" });
/** The invoice the row belongs to: deleting the invoice deletes it. */
const invoiceId = () =>
  text("invoice_id")
    .notNull()
    .references(() => invoices.id, { onDelete: "cascade" });

// ---- better-auth's tables (field names are the ones its Drizzle adapter expects) ----

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull().default(""),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  ...timestamps(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ...timestamps(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: personId(),
    /**
     * The business this session works in (decision 0072): set by POST /api/businesses/:id/switch;
     * null or no longer a membership: the person's first business.
     */
    businessId: text("business_id").references((): AnyPgColumn => businesses.id, { onDelete: "set null" }),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: personId(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// ---- Bahi's own tables. Every row of a business's data carries business_id (decision 0072). ----

/**
 * A business: what owns the data (clients, documents, settings, credits, keys...). A login has
 * one or more through business_members. A user's first business has the user's own id.
 */
export const businesses = pgTable("businesses", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  ...timestamps(),
});

/** Who may work in a business, and as what. Everyone is "owner" until roles arrive (issue 31 phase 2). */
export const businessMembers = pgTable(
  "business_members",
  {
    businessId: ownerId(),
    userId: personId(),
    role: text("role", { enum: ["owner", "accountant", "staff"] })
      .notNull()
      .default("owner"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.userId] }), index("business_members_user_idx").on(t.userId)],
);

/**
 * An invitation to join a business (issue 31 phase 2, decision 0076): sent by e-mail to `email`
 * with a link carrying a token (256 random bits, kept only as its SHA-256); accepted once, by a
 * signed-in person with that e-mail address, within seven days, unless revoked first.
 */
export const businessInvitations = pgTable(
  "business_invitations",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    /** As typed, trimmed; compared without case. */
    email: text("email").notNull(),
    role: text("role", { enum: ["owner", "accountant", "staff"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("business_invitations_business_idx").on(t.businessId, t.createdAt)],
);

/** Fixed-window counters for sign-in and other abuse-prone routes, shared by all instances. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
});

/**
 * When each scheduled job may next run. Every process ticks; the one whose claim moves
 * `next_run_at` forward runs the job, so it runs once per period across all instances.
 */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
});

/**
 * The instant a server started with TEST_CLOCK=1 was set to (POST /api/test/clock): one row, so
 * the set time survives a restart and every instance on the database reads the same one.
 */
export const testClock = pgTable("test_clock", {
  id: integer("id").primaryKey(),
  now: timestamp("now", { withTimezone: true }).notNull(),
});

/** Addresses an account signed in from with its password; see docs/decisions/0001-accounts.md. */
export const signInAddresses = pgTable(
  "sign_in_addresses",
  {
    userId: personId(),
    ip: text("ip").notNull(),
    lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);

/**
 * Every e-mail (SHA-256 of its normalised form) that ever got the sign-up credits. No foreign key:
 * the row outlives the account, so deleting it and signing up again grants nothing.
 */
export const signupGrants = pgTable("signup_grants", {
  emailHash: text("email_hash").primaryKey(),
  grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
});

export const userSettings = pgTable("user_settings", {
  businessId: ownerKey(),
  settingsData: jsonb("settings_data").notNull(),
  updatedAt: updatedAt(),
});

export const images = pgTable(
  "images",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    contentHash: text("content_hash").notNull(),
    mimeType: text("mime_type").notNull(),
    width: integer("width"),
    height: integer("height"),
    byteSize: integer("byte_size").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("images_business_hash_uq").on(t.businessId, t.contentHash)],
);

export const clients = pgTable(
  "clients",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    name: text("name").notNull(),
    company: text("company").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    gstin: text("gstin").notNull().default(""),
    billingAddress: jsonb("billing_address").notNull().default({}),
    shippingAddress: jsonb("shipping_address"),
    notes: text("notes").notNull().default(""),
    ...timestamps(),
  },
  (t) => [
    // `name` rides along so a page's ids come from an index-only scan (PostgreSQL cannot return an
    // expression index's value without the column it is computed from): page 400 of 10,000 rows
    // costs 2 ms instead of 12 (EXPLAIN ANALYZE in docs/decisions/0014-api-speed.md).
    index("clients_business_name_idx").on(t.businessId, sql`lower(${t.name})`, t.id, t.name),
    index("clients_business_created_idx").on(t.businessId, t.createdAt),
  ],
);

export const productServices = pgTable(
  "product_services",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["product", "service"] })
      .notNull()
      .default("product"),
    hsnSac: text("hsn_sac").notNull().default(""),
    unit: text("unit").notNull().default(""),
    /** Sale rate in major units of the user's default currency (exact decimal). */
    rate: numeric("rate", { precision: 15, scale: 2 }).notNull().default("0"),
    costPrice: numeric("cost_price", { precision: 15, scale: 2 }).notNull().default("0"),
    /** NULL: not stock-tracked (a service, or a product without a quantity). */
    availableQuantity: numeric("available_quantity", { precision: 15, scale: 3 }),
    lowStockLevel: numeric("low_stock_level", { precision: 15, scale: 3 }),
    defaultTaxPercent: numeric("default_tax_percent", { precision: 5, scale: 2 }).notNull().default("0"),
    defaultDiscountPercent: numeric("default_discount_percent", { precision: 5, scale: 2 })
      .notNull()
      .default("0"),
    ...timestamps(),
  },
  // `name` rides along for index-only page scans, as on clients.
  (t) => [
    index("products_business_name_idx").on(t.businessId, sql`lower(${t.name})`, t.id, t.name),
    // The dashboard's low-stock list (and the inventory's "low" filter): only the few low rows,
    // in the dashboard's order, instead of every product of the user (lowStockSql of
    // queries/stock.ts, spelled the same so the planner matches it).
    index("products_low_stock_idx")
      .on(t.businessId, t.availableQuantity, sql`lower(${t.name})`)
      .where(
        sql`(${sql.identifier("available_quantity")} is not null and ${sql.identifier("low_stock_level")} is not null and ${sql.identifier("available_quantity")} <= ${sql.identifier("low_stock_level")})`,
      ),
  ],
);

export const invoices = pgTable(
  "invoices",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    invoiceNumber: text("invoice_number").notNull(),
    clientId: text("client_id"),
    clientName: text("client_name").notNull().default(""),
    /** Grand total in minor units of `currency`. */
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: ["draft", "due", "paid", "cancelled"] }).notNull(),
    invoiceDate: date("invoice_date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }),
    paymentDate: date("payment_date", { mode: "string" }),
    /** The sum of the invoice's payments received (invoice_payments), kept in their transaction. */
    amountPaidMinor: bigint("amount_paid_minor", { mode: "number" }).notNull().default(0),
    /** The public page's link (/i/<token>): 192 random bits, made on first share, replaced to revoke. */
    publicToken: text("public_token").unique(),
    /** Views of the public page by anyone but its owner; the first one's time. */
    publicViews: integer("public_views").notNull().default(0),
    publicFirstViewedAt: timestamp("public_first_viewed_at", { withTimezone: true }),
    /** The owner stopped payment reminders for this invoice. */
    remindersOff: boolean("reminders_off").notNull().default(false),
    /** Payments the client reported ("I have paid") that the owner has not confirmed or dismissed. */
    openReports: integer("open_reports").notNull().default(0),
    /** The recurring profile that made this invoice, if one did (recurring_profiles). */
    recurringProfileId: text("recurring_profile_id"),
    /**
     * A GST document's number key, "2026-27|inv/1" (taxInvoiceNumberKey): unique per user among
     * GST documents, so a number is unique within its financial year ignoring case; null on
     * retail invoices. Written with the row, so concurrent creates cannot both win.
     */
    numberKey: text("number_key"),
    /** The quote this invoice was converted from, if any (quotes.converted_invoice_id links back). */
    quoteId: text("quote_id"),
    /**
     * What the list's search matches: the client's name and the number, lower-cased, one per line.
     * Kept by PostgreSQL itself, so a search is one LIKE of a lower-cased pattern per row instead
     * of two ILIKEs (docs/decisions/0038-search-key.md).
     */
    searchKey: text("search_key").generatedAlwaysAs(
      (): SQL => sql`lower(${invoices.clientName} || chr(10) || ${invoices.invoiceNumber})`,
    ),
    invoiceData: jsonb("invoice_data").notNull(),
    /**
     * An invoice in another currency with an exchange rate: its value in paise, the sum of its
     * lines converted once (invoice_data's inrTotals; decision 0089). Null for INR and without a
     * rate. The dashboard's receivables show foreign balances in rupees from it.
     */
    inrTotalMinor: bigint("inr_total_minor", { mode: "number" }),
    ...timestamps(),
  },
  (t) => [
    // A retail invoice's number is unique in the business; a GST document's (number_key set) in
    // its financial year only, by the index below (Rule 46(b); migration 0028, decision 0082).
    uniqueIndex("invoices_business_number_uq")
      .on(t.businessId, t.invoiceNumber)
      .where(sql`${t.numberKey} is null`),
    uniqueIndex("invoices_business_number_key_uq")
      .on(t.businessId, t.numberKey)
      .where(sql`${t.numberKey} is not null`),
    // The list's default order (date, then creation, then id), so a page is an index-only walk.
    // Migration 0014 rebuilds it with INCLUDE (status, due_date, search_key) for the status filters
    // and the search; Drizzle cannot spell INCLUDE, so that part lives in the migration only.
    index("invoices_business_date_idx").on(t.businessId, t.invoiceDate, t.createdAt, t.id),
    // Migration 0007 adds INCLUDE (currency, total_minor, amount_paid_minor) for the dashboard's
    // receivables (written in the migration only, as above).
    index("invoices_business_status_idx").on(t.businessId, t.status, t.dueDate),
    // The list's default order over the invoices awaiting payment only, for the overdue, due and
    // partly paid lists: planned once, they walk the unpaid invoices alone, however many are paid
    // (decision 0042). Migration 0016 adds INCLUDE (due_date, amount_paid_minor) for their filters.
    index("invoices_business_due_idx")
      .on(t.businessId, t.invoiceDate, t.createdAt, t.id)
      .where(sql`${t.status} = 'due'`),
    // The list's search (LIKE '%text%' on the search key) through trigrams, for a rare term over
    // many invoices (docs/decisions/0018-list-paging.md, 0038-search-key.md). Needs the pg_trgm
    // extension, which the migration creates and PGlite loads at open (db/client.ts).
    index("invoices_search_key_trgm_idx").using("gin", t.searchKey.op("gin_trgm_ops")),
    // A client's statement of account (decision 0081): the client's invoices without walking the
    // business's other clients' (every client, monthly, for the statements job).
    index("invoices_business_client_idx").on(t.businessId, t.clientId, t.invoiceDate),
  ],
);

/**
 * The dashboard's sums of invoices, kept in the same transaction as every invoice change
 * (queries/invoice-totals.ts); docs/decisions/0013-dashboard-totals.md. `dueMonth` is the first
 * day of the due date's month for status "due" with a due date, else 'infinity' (never overdue).
 */
export const invoiceMonthTotals = pgTable(
  "invoice_month_totals",
  {
    businessId: ownerId(),
    month: date("month", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: ["draft", "due", "paid", "cancelled"] }).notNull(),
    dueMonth: date("due_month", { mode: "string" }).notNull(),
    count: integer("count").notNull(),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    /** What the invoices of this row have received (their amount_paid_minor). */
    paidMinor: bigint("paid_minor", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.month, t.currency, t.status, t.dueMonth] })],
);

/**
 * The money received per user, payment month and invoice currency (the payments but credit notes'
 * shares, decision 0037), kept by statement triggers on invoice_payments and on an invoice's
 * currency (migration 0021) in the same transaction as every change, so the dashboard reads a row
 * per month instead of summing the payments (docs/decisions/0060-lists-and-money-received.md).
 */
export const receivedMonthTotals = pgTable(
  "received_month_totals",
  {
    businessId: ownerId(),
    month: date("month", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    /** The invoices that received money in the month. */
    invoices: integer("invoices").notNull(),
    /** Of those, the ones that received none earlier in the financial year (April to March). */
    newInYear: integer("new_in_year").notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.month, t.currency] })],
);

/**
 * How many rows each user has in each list's table (clients, product_services, invoices), kept by
 * statement triggers on those tables in the same transaction as every insert and delete (migration
 * 0015), so an unfiltered list's total is exact without counting (docs/decisions/0039-list-cursors.md).
 */
export const listCounts = pgTable(
  "list_counts",
  {
    businessId: ownerId(),
    /** The table counted. */
    list: text("list", { enum: ["clients", "product_services", "invoices"] }).notNull(),
    n: bigint("n", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.list] })],
);

/**
 * The balance still owed on the user's due invoices, per currency, due date ('infinity' for none)
 * and whether they received part of it (the axes of the status rule, #domain/status), changed with
 * every invoice change like invoice_month_totals: the dashboard's receivables, ageing and status
 * breakdown and the lists' status totals read these few rows instead of every due invoice.
 */
export const invoiceDueBalances = pgTable(
  "invoice_due_balances",
  {
    businessId: ownerId(),
    currency: text("currency").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    /** Whether these invoices received part of their total (amount_paid_minor > 0). */
    partPaid: boolean("part_paid").notNull().default(false),
    count: integer("count").notNull(),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull().default(0),
    balanceMinor: bigint("balance_minor", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.currency, t.dueDate, t.partPaid] })],
);

/** The last number used in each financial year's sequential series. */
/**
 * The number series' counters (decision 0056): one per user, series (INV, QT, CN, DN, DC, PF)
 * and financial year. A counter moves inside the transaction that issues its document, so a
 * rolled-back issue gives its number back and the series has no gaps.
 */
export const documentSequences = pgTable(
  "document_sequences",
  {
    businessId: ownerId(),
    series: text("series", { enum: DOCUMENT_SERIES }).notNull(),
    financialYear: text("financial_year").notNull(),
    lastValue: integer("last_value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.series, t.financialYear] })],
);

export const stockMovements = pgTable(
  "stock_movements",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    productId: text("product_id")
      .notNull()
      .references(() => productServices.id, { onDelete: "cascade" }),
    invoiceId: text("invoice_id"),
    invoiceNumber: text("invoice_number"),
    change: numeric("change", { precision: 15, scale: 3 }).notNull(),
    quantityAfter: numeric("quantity_after", { precision: 15, scale: 3 }).notNull(),
    reason: text("reason").notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("stock_movements_product_idx").on(t.businessId, t.productId, t.createdAt)],
);

export const userCredits = pgTable(
  "user_credits",
  {
    businessId: ownerKey(),
    credits: integer("credits").notNull(),
    lastUpdatedAt: timestamp("last_updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("user_credits_non_negative", sql`${t.credits} >= 0`)],
);

export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    delta: integer("delta").notNull(),
    reason: text("reason", { enum: ["signup_grant", "download", "download_refund", "purchase"] }).notNull(),
    /** The document whose PDF a download or refund was for (decision 0057). */
    documentId: text("document_id"),
    documentKind: text("document_kind", { enum: ALL_DOCUMENT_KINDS }),
    documentNumber: text("document_number"),
    paymentOrderId: text("payment_order_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("credit_ledger_business_idx").on(t.businessId, t.createdAt),
    uniqueIndex("credit_ledger_one_signup_grant").on(t.businessId).where(sql`${t.reason} = 'signup_grant'`),
    uniqueIndex("credit_ledger_one_grant_per_order")
      .on(t.paymentOrderId)
      .where(sql`${t.reason} = 'purchase'`),
  ],
);

/**
 * A Razorpay order's progress (Bahi's own for credits, or a business's for an invoice): paid once;
 * `lastCheckedAt` and `checkAfter` say when reconciliation last asked Razorpay and may ask again.
 * `testMode`: made by the local test checkout, never asked about.
 */
const orderProgress = () => ({
  testMode: boolean("test_mode").notNull().default(false),
  createdAt: createdAt(),
  paidAt: timestamp("paid_at", { withTimezone: true }),
  lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
  checkAfter: timestamp("check_after", { withTimezone: true }),
});

/** The orders reconciliation asks Razorpay about: not paid, not test mode, by when they are due. */
const unpaidOrdersIndex = (
  name: string,
  t: { status: AnyPgColumn; testMode: AnyPgColumn; checkAfter: AnyPgColumn },
) => index(name).on(t.checkAfter).where(sql`${t.status} <> 'paid' and ${t.testMode} = false`);

export const paymentOrders = pgTable(
  "payment_orders",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    planId: text("plan_id").notNull(),
    credits: integer("credits").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    currency: text("currency").notNull(),
    receipt: text("receipt").notNull().unique(),
    providerOrderId: text("provider_order_id").notNull().unique(),
    providerPaymentId: text("provider_payment_id").unique(),
    status: text("status", { enum: ["created", "paid", "failed"] }).notNull(),
    ...orderProgress(),
  },
  (t) => [
    index("payment_orders_business_idx").on(t.businessId, t.createdAt),
    unpaidOrdersIndex("payment_orders_unpaid_check_idx", t),
  ],
);

export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  eventType: text("event_type").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A business's own Razorpay account, through which its clients pay its invoices online (issue 11
 * part 3; DECISIONS §10: Bahi's own keys sell credits and nothing else). The secrets are sealed
 * with a key derived from AUTH_SECRET (services/secret-box.ts) and never leave the server;
 * `webhookToken` names the business in its webhook URL. `testMode`: no keys, Bahi's local test
 * checkout (only while the server itself has no Razorpay keys).
 */
export const businessGateways = pgTable("business_gateways", {
  businessId: ownerKey(),
  keyId: text("key_id"),
  keySecretSealed: text("key_secret_sealed"),
  keySecretLast4: text("key_secret_last4"),
  webhookSecretSealed: text("webhook_secret_sealed"),
  webhookToken: text("webhook_token").notNull().unique(),
  testMode: boolean("test_mode").notNull().default(false),
  ...timestamps(),
});

/**
 * An order made on a business's Razorpay account for an invoice's balance due. Paid once: the
 * conditional update and the unique payment id let only one of verify, webhook and
 * reconciliation record the payment.
 */
export const invoiceGatewayOrders = pgTable(
  "invoice_gateway_orders",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    invoiceId: invoiceId(),
    providerOrderId: text("provider_order_id").notNull().unique(),
    providerPaymentId: text("provider_payment_id").unique(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: ["created", "paid"] }).notNull(),
    ...orderProgress(),
  },
  (t) => [
    index("invoice_gateway_orders_invoice_idx").on(t.businessId, t.invoiceId),
    unpaidOrdersIndex("invoice_gateway_orders_unpaid_idx", t),
  ],
);

/**
 * API keys (issue 16 part 4): a key is shown once and kept only as its SHA-256 (a key has 256
 * random bits, so a plain hash is enough: no dictionary to guess from). `prefix` is the key's
 * first characters, to tell keys apart in the list. A revoked key stays listed as revoked.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull().unique(),
    scope: text("scope", { enum: ["read", "read_write"] }).notNull(),
    /** The role the key acts with, at most its maker's role today (decision 0076). */
    role: text("role", { enum: ["owner", "accountant", "staff"] })
      .notNull()
      .default("owner"),
    /** The member who made it: the key works while they are a member, within their role. */
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("api_keys_business_idx").on(t.businessId, t.createdAt)],
);

/**
 * Payments received against an invoice (issue 11 part 4). `source`: "manual" (recorded by the
 * user), "status" (made by marking the invoice paid: the balance on that day; reopening the
 * invoice removes it), "razorpay" (the business's own Razorpay account; `externalId` is the
 * payment id, unique), "upi_report" (a client's "I have paid", confirmed by the user),
 * "credit_note" (the part of a credit note that reduces the balance; decision 0037), or
 * "bank_statement" (a credit of an imported bank statement matched to the invoice; decision 0083).
 */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    invoiceId: invoiceId(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    method: text("method", {
      enum: ["upi", "bank_transfer", "cash", "cheque", "card", "razorpay", "other"],
    }).notNull(),
    reference: text("reference").notNull().default(""),
    note: text("note").notNull().default(""),
    source: text("source", {
      enum: ["manual", "status", "razorpay", "upi_report", "credit_note", "bank_statement"],
    })
      .notNull()
      .default("manual"),
    externalId: text("external_id").unique(),
    /**
     * Realisation of an invoice in another currency (decision 0089): the rupees the bank actually
     * credited for `amountMinor` (the invoice's currency), and the FIRC / FIRA / e-BRC number.
     */
    inrCreditedMinor: bigint("inr_credited_minor", { mode: "number" }),
    realisationRef: text("realisation_ref").notNull().default(""),
    ...timestamps(),
    // TDS the client deducted (decision 0088): the invoice is settled by amount_minor (money
    // received) plus tds_minor; rupee invoices only. seen_in_26as: the user found it in Form 26AS.
    tdsMinor: bigint("tds_minor", { mode: "number" }).notNull().default(0),
    tdsSection: text("tds_section"),
    tdsRateBp: integer("tds_rate_bp"),
    tdsSeenIn26as: boolean("tds_seen_in_26as").notNull().default(false),
    /** A payment applied out of a client advance (decision 0092); the advance's balance is its amount less these. */
    advanceId: text("advance_id").references((): AnyPgColumn => clientAdvances.id, { onDelete: "set null" }),
  },
  (t) => [
    index("invoice_payments_invoice_idx").on(t.invoiceId, t.paidOn),
    index("invoice_payments_business_paid_idx").on(t.businessId, t.paidOn),
    check("invoice_payments_amount_positive", sql`${t.amountMinor} > 0`),
    check("invoice_payments_tds_not_negative", sql`${t.tdsMinor} >= 0`),
    // The dashboard's "TDS receivable": the few payments with TDS not yet seen in Form 26AS.
    index("invoice_payments_tds_open_idx")
      .on(t.businessId)
      .where(sql`${t.tdsMinor} > 0 and not ${t.tdsSeenIn26as}`),
  ],
);

/**
 * "I have paid": a client's word, from the public page, that they paid by UPI (with the UTR).
 * It changes nothing by itself: the business confirms it (which records a payment) or dismisses it.
 */
export const paymentReports = pgTable(
  "payment_reports",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    invoiceId: invoiceId(),
    /** The balance due when the client reported it. */
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    utr: text("utr").notNull(),
    note: text("note").notNull().default(""),
    status: text("status", { enum: ["open", "confirmed", "dismissed"] })
      .notNull()
      .default("open"),
    reportedAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [index("payment_reports_invoice_idx").on(t.invoiceId, t.status)],
);

/**
 * What happened to an invoice, for its activity list (issue 11 part 5): status changes, payments,
 * sends, views of its public page, reports; `detail` holds the few facts each one names.
 */
export const invoiceEvents = pgTable(
  "invoice_events",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    invoiceId: invoiceId(),
    kind: text("kind").notNull(),
    detail: jsonb("detail").notNull().default({}),
    createdAt: eventTime(),
  },
  (t) => [index("invoice_events_invoice_idx").on(t.invoiceId, t.createdAt)],
);

/** A user's payment reminders (issue 11 part 6): off until they switch them on. */
export const reminderSettings = pgTable("reminder_settings", {
  businessId: ownerKey(),
  enabled: boolean("enabled").notNull().default(false),
  daysBefore: integer("days_before").notNull().default(3),
  onDueDate: boolean("on_due_date").notNull().default(true),
  everyDaysAfter: integer("every_days_after").notNull().default(7),
  maxReminders: integer("max_reminders").notNull().default(4),
  updatedAt: updatedAt(),
});

/** The user's own texts for e-mails about invoices (null: Bahi's default, #domain/send). */
export const mailTemplates = pgTable("mail_templates", {
  businessId: ownerKey(),
  sendSubject: text("send_subject"),
  sendMessage: text("send_message"),
  reminderSubject: text("reminder_subject"),
  reminderMessage: text("reminder_message"),
  updatedAt: updatedAt(),
});

/**
 * One row per reminder sent (or being sent): the primary key (invoice, schedule point) lets only
 * one server send each point, however many run.
 */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    invoiceId: invoiceId(),
    point: date("point", { mode: "string" }).notNull(),
    businessId: ownerId(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.point] })],
);

/**
 * A recurring invoice profile (docs/decisions/0031-recurring-schedule.md): the invoice it repeats
 * (a copy of its document), the schedule and the state the domain's rules move on (#domain/recurring),
 * and what to do each period. `next_date` and `status` are copies for the list and the job.
 */
export const recurringProfiles = pgTable(
  "recurring_profiles",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    sourceInvoiceId: text("source_invoice_id"),
    clientName: text("client_name").notNull().default(""),
    currency: text("currency").notNull(),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    document: jsonb("document").notNull(),
    schedule: jsonb("schedule").notNull(),
    state: jsonb("state").notNull(),
    /** Each period: a draft to review, an issued invoice, or issued and e-mailed to the client. */
    action: text("action", { enum: ["draft", "issue", "send"] }).notNull(),
    attachPdf: boolean("attach_pdf").notNull().default(false),
    dueDays: integer("due_days"),
    status: text("status", { enum: ["active", "paused", "finished"] }).notNull(),
    nextDate: date("next_date", { mode: "string" }),
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
    lastInvoiceId: text("last_invoice_id"),
    ...timestamps(),
  },
  (t) => [
    index("recurring_profiles_business_idx").on(t.businessId, t.createdAt),
    index("recurring_profiles_due_idx").on(t.status, t.nextDate),
  ],
);

/**
 * One row per handled period of a profile: its key (profile, period) is what lets two servers
 * never create the same period twice. A skipped period (the profile was paused) has no invoice.
 */
export const recurringRuns = pgTable(
  "recurring_runs",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => recurringProfiles.id, { onDelete: "cascade" }),
    periodIndex: integer("period_index").notNull(),
    businessId: ownerId(),
    periodDate: date("period_date", { mode: "string" }).notNull(),
    outcome: text("outcome", { enum: ["created", "skipped"] }).notNull(),
    invoiceId: text("invoice_id"),
    invoiceNumber: text("invoice_number"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.periodIndex] })],
);

/**
 * A quote (estimate): a document like an invoice (`quote_data` is an invoice document whose number,
 * date and due date are the quote's number, date and valid-until date), with its own series
 * (QT/2026-27/0001) and statuses (#domain/quotes; "expired" is derived, never stored). Quotes
 * never count in the dashboard, receivables, GST or stock.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    /** quote, proforma or challan (#domain/document-kinds): its series, statuses and rules. */
    kind: text("kind", { enum: ["quote", "proforma", "challan"] })
      .notNull()
      .default("quote"),
    quoteNumber: text("quote_number").notNull(),
    clientId: text("client_id"),
    clientName: text("client_name").notNull().default(""),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    status: text("status", {
      enum: ["draft", "sent", "accepted", "declined", "converted", "issued", "returned", "cancelled"],
    }).notNull(),
    quoteDate: date("quote_date", { mode: "string" }).notNull(),
    /** Valid through the whole of this day in the user's time zone. */
    validUntil: date("valid_until", { mode: "string" }),
    quoteData: jsonb("quote_data").notNull(),
    /** The public page's link (/q/<token>): 192 random bits, replaced to revoke. */
    publicToken: text("public_token").unique(),
    publicTokenCreatedAt: timestamp("public_token_created_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The client's answer (or the owner's record of it): when, by whom, from where. */
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answerName: text("answer_name"),
    answerComment: text("answer_comment"),
    answerIp: text("answer_ip"),
    convertedInvoiceId: text("converted_invoice_id"),
    convertedAt: timestamp("converted_at", { withTimezone: true }),
    /** A delivery challan's reason (#domain/document-kinds CHALLAN_REASONS); null on other kinds. */
    challanReason: text("challan_reason", {
      enum: ["supply_on_approval", "job_work", "liquid_gas", "other"],
    }),
    /** A challan's consignee when not the client: name, GSTIN, address, state (#contract/quotes). */
    consignee: jsonb("consignee"),
    /** When an issued challan's goods came back (its stock returned with it). */
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    /** When an issued challan was cancelled (its stock returned with it). */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("quotes_business_number_uq").on(t.businessId, t.kind, t.quoteNumber),
    index("quotes_business_date_idx").on(t.businessId, t.kind, t.quoteDate, t.createdAt, t.id),
  ],
);

/** What happened to a quote: sent, link made, viewed, accepted, declined (with IP), converted. */
export const quoteEvents = pgTable(
  "quote_events",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    quoteId: text("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    detail: jsonb("detail").notNull().default({}),
    createdAt: eventTime(),
  },
  (t) => [index("quote_events_quote_idx").on(t.quoteId, t.createdAt)],
);

/**
 * Credit and debit notes against an issued invoice (decision 0037). `note_data` is the note's
 * document (an invoice document built from the original's snapshots plus `note`). A credit note's
 * `applied_minor` is what it took off the invoice's balance, kept as an invoice_payments row of
 * source "credit_note" (`payment_id`); the rest of its total is owed back to the client.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    kind: text("kind", { enum: NOTE_KINDS }).notNull(),
    invoiceId: invoiceId(),
    noteNumber: text("note_number").notNull(),
    financialYear: text("financial_year").notNull(),
    noteDate: date("note_date", { mode: "string" }).notNull(),
    reason: text("reason", { enum: NOTE_REASONS }).notNull(),
    status: text("status", { enum: NOTE_STATUSES }).notNull().default("issued"),
    currency: text("currency").notNull(),
    clientName: text("client_name").notNull().default(""),
    taxableMinor: bigint("taxable_minor", { mode: "number" }).notNull(),
    taxMinor: bigint("tax_minor", { mode: "number" }).notNull(),
    totalMinor: bigint("total_minor", { mode: "number" }).notNull(),
    appliedMinor: bigint("applied_minor", { mode: "number" }).notNull().default(0),
    paymentId: text("payment_id"),
    noteData: jsonb("note_data").notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("credit_notes_business_number_uq").on(
      t.businessId,
      t.financialYear,
      sql`lower(${t.noteNumber})`,
    ),
    index("credit_notes_business_date_idx").on(t.businessId, t.noteDate, t.createdAt),
    index("credit_notes_invoice_idx").on(t.businessId, t.invoiceId),
    check("credit_notes_total_positive", sql`${t.totalMinor} > 0`),
    check("credit_notes_applied_range", sql`${t.appliedMinor} >= 0 and ${t.appliedMinor} <= ${t.totalMinor}`),
  ],
);

/**
 * The activity log of a business (issue 31 phase 3, decision 0077): who (a member, an API key or
 * the system) did what to which record, written in the transaction of the change. The actor's and
 * the record's names are copied in, so an entry reads the same after either is gone. Kept a year.
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    actorKind: text("actor_kind", { enum: ACTIVITY_ACTOR_KINDS }).notNull(),
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    action: text("action", { enum: ACTIVITY_ACTIONS }).notNull(),
    recordKind: text("record_kind", { enum: ACTIVITY_RECORD_KINDS }),
    recordId: text("record_id"),
    recordLabel: text("record_label").notNull().default(""),
    detail: jsonb("detail").notNull().default({}),
    createdAt: eventTime(),
  },
  (t) => [
    index("activity_log_business_time_idx").on(t.businessId, t.createdAt.desc(), t.id.desc()),
    index("activity_log_time_idx").on(t.createdAt),
  ],
);

/**
 * The names of a business's ledgers in TallyPrime (issue 32, decision 0080): one row per business,
 * the mapping as the domain's schema reads it (src/domain/tally/mapping.ts); no row: the defaults.
 */
export const tallyLedgerMappings = pgTable("tally_ledger_mappings", {
  businessId: ownerKey(),
  mapping: jsonb("mapping").notNull(),
  updatedAt: updatedAt(),
});

/**
 * A client's statement of account for a period and currency (issue 32 part 2, decision 0081), kept
 * once it is downloaded, shared or sent: the document its PDF, mail and public link (/s/<token>)
 * name. It stores no figures: the statement is computed from the client's documents whenever it is
 * read, so a payment recorded later shows on the same link. Deleting the client deletes it.
 */
export const statements = pgTable(
  "statements",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    fromDate: date("from_date", { mode: "string" }).notNull(),
    toDate: date("to_date", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    /** The public page's link (/s/<token>): 192 random bits, made on first share, replaced to revoke. */
    publicToken: text("public_token").unique(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("statements_period_uq").on(t.businessId, t.clientId, t.fromDate, t.toDate, t.currency)],
);

/** The business's monthly statements (decision 0081): off until an owner switches them on. */
export const statementSchedules = pgTable("statement_schedules", {
  businessId: ownerKey(),
  enabled: boolean("enabled").notNull().default(false),
  /** When they were last switched on: a month that ended before it is not sent. */
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  /** The first day of the last month whose statements all went out: the job skips it after. */
  doneMonth: date("done_month", { mode: "string" }),
  updatedAt: updatedAt(),
});

/**
 * One row per client and month whose statement the monthly job sent (or is sending): the primary
 * key lets only one server send it, however many run, and a month is sent once.
 */
export const statementRuns = pgTable(
  "statement_runs",
  {
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** The first day of the month the statement covers. */
    month: date("month", { mode: "string" }).notNull(),
    businessId: ownerId(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.month] })],
);

/**
 * The lines of the bank statements a business imported (issue 33, decision 0083). A line is kept
 * once per account: `lineKey` is the UTR with the direction, else date, amount, narration and
 * balance, so importing the same or an overlapping statement again adds nothing. `status`:
 * "review" (a credit waiting for the user), "matched" (payments recorded: `payments` lists each
 * invoice, payment and amount, so undo removes exactly those), "advance" (money kept on account
 * of `clientId`), "ignored" (a debit, or a credit the user set aside).
 */
export const bankStatementLines = pgTable(
  "bank_statement_lines",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    account: text("account").notNull(),
    lineKey: text("line_key").notNull(),
    bank: text("bank").notNull(),
    fileName: text("file_name").notNull().default(""),
    sourceRow: integer("source_row").notNull(),
    txnDate: date("txn_date", { mode: "string" }).notNull(),
    valueDate: date("value_date", { mode: "string" }),
    direction: text("direction", { enum: ["CR", "DR"] }).notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    balanceMinor: bigint("balance_minor", { mode: "number" }),
    narration: text("narration").notNull(),
    refNo: text("ref_no"),
    channel: text("channel").notNull(),
    utr: text("utr"),
    payerName: text("payer_name"),
    payerVpa: text("payer_vpa"),
    payerBank: text("payer_bank"),
    note: text("note"),
    status: text("status", { enum: ["review", "matched", "advance", "ignored"] }).notNull(),
    /** invoice_number, known_payer (applied at once), amount (suggested), manual (the user's). */
    matchTier: text("match_tier"),
    matchReason: text("match_reason").notNull().default(""),
    /** Likely invoices for review: [{ invoiceId, amountMinor, reason }]. */
    suggestions: jsonb("suggestions").notNull().default([]),
    /** The payments this line recorded: [{ invoiceId, paymentId, amountMinor }]. */
    payments: jsonb("payments").notNull().default([]),
    /** The client the money came from, once matched: teaches the payer's VPA. */
    clientId: text("client_id"),
    matchedAt: timestamp("matched_at", { withTimezone: true }),
    /** The client advance this credit became (status "advance", decision 0092): undo deletes it. */
    advanceId: text("advance_id").references((): AnyPgColumn => clientAdvances.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("bank_statement_lines_key_uq").on(t.businessId, t.account, t.lineKey),
    index("bank_statement_lines_business_date_idx").on(t.businessId, t.txnDate, t.id),
    index("bank_statement_lines_business_vpa_idx").on(t.businessId, t.payerVpa),
    check("bank_statement_lines_amount_positive", sql`${t.amountMinor} > 0`),
  ],
);

/**
 * Statement layouts a business mapped by hand (issue 33, decision 0083): a bank whose header row
 * Bahi does not recognise is read with the columns the user chose, found again by the signature of
 * its header row (its cells, normalised).
 */
export const bankStatementLayouts = pgTable(
  "bank_statement_layouts",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    signature: text("signature").notNull(),
    columns: jsonb("columns").notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex("bank_statement_layouts_signature_uq").on(t.businessId, t.signature)],
);

/**
 * Money a client paid before an invoice (issue 33, decision 0092): an advance, recorded by hand or
 * from a bank statement credit. Its balance is its amount less the invoice payments applied from it
 * (`invoice_payments.advance_id`), never stored, so deleting such a payment gives the amount back.
 */
export const clientAdvances = pgTable(
  "client_advances",
  {
    id: text("id").primaryKey(),
    businessId: ownerId(),
    clientId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    currency: text("currency").notNull().default("INR"),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    receivedOn: date("received_on", { mode: "string" }).notNull(),
    method: text("method", {
      enum: ["upi", "bank_transfer", "cash", "cheque", "card", "razorpay", "other"],
    }).notNull(),
    reference: text("reference").notNull().default(""),
    note: text("note").notNull().default(""),
    source: text("source", { enum: ["manual", "bank_statement"] })
      .notNull()
      .default("manual"),
    /**
     * GST on receipt (decision 0098): set only for an advance for a service received by a regular
     * taxpayer. The whole rate (18), the place of supply and the split chosen when it was recorded,
     * and its receipt voucher number (series RV, CGST Rule 50). The tax itself is derived.
     */
    gstRatePercent: integer("gst_rate_percent"),
    placeOfSupply: text("place_of_supply"),
    taxSplit: text("tax_split", { enum: TAX_SPLITS }),
    voucherNumber: text("voucher_number"),
    ...timestamps(),
  },
  (t) => [
    index("client_advances_client_idx").on(t.businessId, t.clientId, t.receivedOn),
    check("client_advances_amount_positive", sql`${t.amountMinor} > 0`),
    // GSTR-1 reads a business's advances for services by the date received.
    index("client_advances_gst_idx")
      .on(t.businessId, t.receivedOn)
      .where(sql`${t.gstRatePercent} is not null`),
    uniqueIndex("client_advances_voucher_uq").on(t.businessId, t.voucherNumber),
    check(
      "client_advances_gst_whole",
      sql`(${t.gstRatePercent} is null) = (${t.placeOfSupply} is null) and (${t.gstRatePercent} is null) = (${t.taxSplit} is null)`,
    ),
  ],
);
