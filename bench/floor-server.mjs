// The floor of a Bahi list request on this machine (../shared/reference/perf/api-floor.md, case E2),
// run by bench/api-load.ts beside Bahi on the same seeded database, so the two are measured in one
// run: Fastify and node-postgres only, the session looked up once and cached 5 s, one named
// (prepared) keyset statement per page, camelCase mapping, JSON.stringify, no compression, no
// security headers, no log line. Not Bahi: a yardstick.
// Besides the clients page (E2), the same bare server for the other kinds of list request the bench
// asks, each doing the least its answer needs, with no total:
//   /floor/clients?page=N      a page by number: the index walked to the offset;
//   /floor/clients?wide=1[&after=]  the clients page answering Bahi's JSON, field for field: every
//                              column of the contract's client (addresses with every field), the
//                              total read from list_counts and the pager's fields. Not case E2: it
//                              tells what the answer's width costs a bare server (decision 0117);
//   /floor/invoices?status=overdue[&after=]  the overdue page after a cursor, through the index of the
//                              invoices awaiting payment;
//   /floor/invoices?search=    the first 20 invoices whose number or client's name holds the term,
//                              an unnamed statement planned for its term (a broad one walks the
//                              list's index in date order, a rare one goes through the trigram
//                              index), the page's rows read after the matches are found.
// The offset and overdue statements are planned once (plan_cache_mode=force_generic_plan on their
// pool); the search cannot be.
// Env: PORT, DATABASE_URL.
import Fastify from "fastify";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const plannedOnce = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 10,
  options: "-c plan_cache_mode=force_generic_plan",
});
const app = Fastify({ logger: false });
const sessions = new Map();

/** The business of the session (the data's owner since decision 0072), or null. */
async function businessOf(cookie) {
  const token = /bahi\.session_token=([^.;]+)/.exec(cookie ?? "")?.[1];
  if (!token) return null;
  const cached = sessions.get(token);
  if (cached && cached.until > Date.now()) return cached.businessId;
  const { rows } = await pool.query({
    name: "floor_session",
    // The session's business as Bahi reads it (db/queries/account.ts): the one switched to while
    // still a member, else the first membership; in the same statement as the session.
    text: `select m.business_id, s.expires_at from session s join "user" u on u.id = s.user_id
      left join lateral (select business_id from business_members where user_id = u.id
        order by (business_id = s.business_id) is true desc, created_at, business_id limit 1) m on true
      where s.token = $1`,
    values: [token],
  });
  const row = rows[0];
  if (!row || row.expires_at < new Date()) return null;
  sessions.set(token, { businessId: row.business_id, until: Date.now() + 5_000 });
  return row.business_id;
}

const clientOf = (r) => ({
  id: r.id,
  name: r.name,
  email: r.email,
  phone: r.phone,
  gstin: r.gstin,
  billingAddress: r.billing_address,
  createdAt: r.created_at,
});

/** A page cursor's keys (lower(name), id), or the list's start. */
const afterOf = (cursor) => (cursor ? JSON.parse(Buffer.from(cursor, "base64url").toString()) : ["", ""]);
/** The cursor to the page after these rows (21 read for 20 answered), or null at the end. */
const nextCursorOf = (rows) => {
  const last = rows[19];
  return last ? Buffer.from(JSON.stringify([last.k, last.id])).toString("base64url") : null;
};

/** A stored address with every field, as Bahi's contract answers it (src/server/presenters/clients.ts). */
const addressOf = (a) => ({
  line1: a?.line1 ?? "",
  line2: a?.line2 ?? "",
  city: a?.city ?? "",
  state: a?.state ?? "",
  postalCode: a?.postalCode ?? "",
  country: a?.country ?? "",
  ...(a?.stateCode ? { stateCode: a.stateCode } : {}),
});
const wideClientOf = (r) => ({
  id: r.id,
  name: r.name,
  company: r.company,
  email: r.email,
  phone: r.phone,
  gstin: r.gstin,
  billingAddress: addressOf(r.billing_address),
  shippingAddress: r.shipping_address ? addressOf(r.shipping_address) : null,
  notes: r.notes,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The clients page as Bahi answers it (wide=1): the same statement shape, the contract's fields. */
async function wideClientsPage(businessId, cursor) {
  const after = afterOf(cursor);
  const { rows } = await pool.query({
    name: "floor_clients_wide",
    text: `select id, name, company, email, phone, gstin, billing_address, shipping_address, notes,
        created_at, updated_at, lower(name) as k,
        (select n from list_counts where business_id = $1 and list = 'clients') as total
      from clients where business_id = $1 and (lower(name), id) > ($2, $3) order by lower(name), id limit 21`,
    values: [businessId, after[0], after[1]],
  });
  return {
    items: rows.slice(0, 20).map(wideClientOf),
    total: Number(rows[0]?.total ?? 0),
    totalIsExact: true,
    hasMore: rows.length > 20,
    page: 1,
    pageSize: 20,
    nextCursor: nextCursorOf(rows),
  };
}

app.get("/floor/clients", async (request, reply) => {
  const businessId = await businessOf(request.headers.cookie);
  if (!businessId) return reply.status(401).send({ error: "unauthorized" });
  if (request.query.wide) return wideClientsPage(businessId, request.query.after);
  if (request.query.page) {
    const { rows } = await plannedOnce.query({
      name: "floor_clients_page",
      text: `select id, name, email, phone, gstin, billing_address, created_at from clients
        where business_id = $1 order by lower(name), id limit 21 offset $2`,
      values: [businessId, (Number(request.query.page) - 1) * 20],
    });
    return { items: rows.slice(0, 20).map(clientOf), hasMore: rows.length > 20 };
  }
  const after = afterOf(request.query.after);
  const { rows } = await pool.query({
    name: "floor_clients",
    text: `select id, name, email, phone, gstin, billing_address, created_at, lower(name) as k from clients
      where business_id = $1 and (lower(name), id) > ($2, $3) order by lower(name), id limit 21`,
    values: [businessId, after[0], after[1]],
  });
  const items = rows.slice(0, 20).map(clientOf);
  return {
    items,
    hasMore: rows.length > 20,
    nextCursor: nextCursorOf(rows),
  };
});

const INVOICE_COLUMNS = `id, invoice_number, status, client_id, client_name, currency, total_minor,
  invoice_date, due_date, payment_date, amount_paid_minor, open_reports, created_at, updated_at`;
const invoiceOf = (r) => ({
  id: r.id,
  invoiceNumber: r.invoice_number,
  status: r.status,
  clientId: r.client_id,
  clientName: r.client_name,
  currency: r.currency,
  totalMinor: Number(r.total_minor),
  invoiceDate: r.invoice_date,
  dueDate: r.due_date,
  paymentDate: r.payment_date,
  amountPaidMinor: Number(r.amount_paid_minor),
  openReports: r.open_reports,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
// Dates as PostgreSQL writes them, as Bahi answers them.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

app.get("/floor/invoices", async (request, reply) => {
  const businessId = await businessOf(request.headers.cookie);
  if (!businessId) return reply.status(401).send({ error: "unauthorized" });
  const order = "order by invoice_date desc, created_at desc, id desc limit 21";
  const key = "json_build_array(invoice_date, created_at, id)::text as k";
  let rows;
  if (request.query.search) {
    const pattern = `%${request.query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // The matches found on the index alone (it includes the search key), then only the page's rows
    // read: straight from the table, a clustered term read 4,000 rows to test their keys.
    ({ rows } = await pool.query({
      text: `select ${INVOICE_COLUMNS}, ${key} from invoices join (select id from invoices
        where business_id = $1 and search_key like lower($2) ${order}) page using (id) ${order}`,
      values: [businessId, pattern],
    }));
  } else {
    const today = new Date().toISOString().slice(0, 10);
    const after = request.query.after
      ? JSON.parse(Buffer.from(request.query.after, "base64url").toString())
      : ["infinity", "infinity", ""];
    ({ rows } = await plannedOnce.query({
      name: "floor_overdue",
      text: `select ${INVOICE_COLUMNS}, ${key} from invoices
        where business_id = $1 and status = 'due' and due_date < $2
          and (invoice_date, created_at, id) < ($3::date, $4::timestamptz, $5::text) ${order}`,
      values: [businessId, today, ...after],
    }));
  }
  const last = rows[19];
  return {
    items: rows.slice(0, 20).map(invoiceOf),
    hasMore: rows.length > 20,
    nextCursor: last ? Buffer.from(last.k).toString("base64url") : null,
  };
});

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
// A normal exit on SIGTERM, so that `node --cpu-prof` writes its profile (bench/api-load.ts).
process.on("SIGTERM", () => process.exit(0));
