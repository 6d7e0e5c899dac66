import { sql } from "drizzle-orm";
import type { Page } from "#contract/common";
import { rebuildInvoiceTotals } from "../db/queries/invoice-totals";
import { accountsForSuite, describeEachDb, testAppForSuite } from "../testing/harness";
import { invoiceRequest } from "../testing/invoice-request";

// Keyset paging (docs/decisions/0039-list-cursors.md): following nextCursor page after page gives
// exactly the rows, in exactly the order, that asking page 1, 2, 3... by number gives, ties included
// (names equal but for case, one creation time shared by many rows), and never another user's.

describeEachDb("list cursors", (kind) => {
  const t = testAppForSuite(kind);
  const [a, b, c, d, e, f] = accountsForSuite(t, 6);
  const PAGE = 7;

  const page = async (path: string, cookie: string, n: number, after?: string) => {
    const q = `${path}${path.includes("?") ? "&" : "?"}page=${n}&pageSize=${PAGE}${after ? `&after=${after}` : ""}`;
    const res = await t.get(q, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page<{ id: string }>;
  };

  /** Every page by number, and every page by cursor: the ids in order, and the counts each page said. */
  async function walk(path: string, cookie = a.cookie) {
    const byNumber: string[] = [];
    const byCursor: string[] = [];
    const counts: [number, boolean][] = [];
    for (let n = 1, after: string | undefined; ; n++) {
      const numbered = await page(path, cookie, n);
      const followed = await page(path, cookie, n, after);
      byNumber.push(...numbered.items.map((i) => i.id));
      byCursor.push(...followed.items.map((i) => i.id));
      counts.push([followed.total, followed.hasMore]);
      expect([followed.total, followed.totalIsExact, followed.hasMore]).toEqual([
        numbered.total,
        numbered.totalIsExact,
        numbered.hasMore,
      ]);
      if (!followed.hasMore) {
        expect(followed.nextCursor).toBeNull();
        break;
      }
      expect(followed.nextCursor).toEqual(expect.any(String));
      after = followed.nextCursor ?? undefined;
    }
    return { byNumber, byCursor };
  }

  /**
   * The plans of the prepared page statements whose text is `like` this, on the connection that
   * answers (one of the app's pool), that have run eight times or more. A page statement reads
   * each row's cursor keys as text (paging.ts: `(key)::text`).
   */
  async function plansOfStatements(like: string) {
    const plans = (await t.database.db.execute(
      sql`select generic_plans, custom_plans from pg_prepared_statements
        where statement like ${like} and statement like '%)::text%'`,
    )) as unknown as { rows: { generic_plans: string; custom_plans: string }[] };
    return plans.rows.filter((r) => Number(r.generic_plans) + Number(r.custom_plans) >= 8);
  }

  let ownIds: Set<string>;

  it("seeds rows with ties", async () => {
    const userA = await t.userIdOf(a.cookie);
    const userB = await t.userIdOf(b.cookie);
    const db = t.database.db;
    for (const user of [userA, userB]) {
      // 40 clients and products: "Ravi"/"ravi"/"RAVI" equal but for case, all created at one instant.
      await db.execute(sql`insert into clients (id, business_id, name, created_at)
        select gen_random_uuid()::text, ${user}, (array['Ravi','ravi','RAVI','Asha','Zoya'])[1 + g % 5] || ' ' || (g % 4),
          timestamptz '2026-01-01 10:00:00.123456+00'
        from generate_series(1, 40) g`);
      await db.execute(sql`insert into product_services (id, business_id, name, kind, unit, rate, default_tax_percent, created_at)
        select gen_random_uuid()::text, ${user}, (array['Rice','rice','Dal'])[1 + g % 3], 'product', 'kg', 10, 5,
          timestamptz '2026-01-01 10:00:00.654321+00' + (g % 3) * interval '1 microsecond'
        from generate_series(1, 40) g`);
    }
    // 24 invoices on four dates, then one creation time for all: the id alone breaks the ties.
    for (let i = 0; i < 24; i++) {
      const res = await t.post(
        "/api/invoices",
        invoiceRequest(`CUR-${i}`, {
          status: i % 3 === 0 ? "draft" : "due",
          invoiceDate: `2026-04-0${1 + (i % 4)}`,
          dueDate: null,
          client: { name: i % 2 ? "Meera Textiles" : "Kiran Foods" },
        }),
        a.cookie,
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    await db.execute(
      sql`update invoices set created_at = timestamptz '2026-04-01 09:30:00.000001+05:30' where business_id = ${userA}`,
    );
    const own = (await db.execute(sql`select id from clients where business_id = ${userA}
          union all select id from product_services where business_id = ${userA}
          union all select id from invoices where business_id = ${userA}`)) as unknown as {
      rows: { id: string }[];
    };
    ownIds = new Set(own.rows.map((r) => r.id));
  });

  it.each([
    "/api/clients",
    "/api/clients?sort=newest",
    "/api/clients?search=ravi",
    "/api/products",
    "/api/products?sort=newest",
    "/api/invoices",
    "/api/invoices?sort=date_asc",
    "/api/invoices?status=draft",
    "/api/invoices?search=meera",
  ])("%s: following the cursor gives the pages by number", async (path) => {
    const { byNumber, byCursor } = await walk(path);
    expect(byCursor).toEqual(byNumber);
    expect(byCursor.length).toBeGreaterThan(PAGE);
    expect(new Set(byCursor).size).toBe(byCursor.length);
    expect(byCursor.every((id) => ownIds.has(id))).toBe(true);
  });

  // The lists of invoices awaiting payment read their own index (invoices_business_due_idx), planned
  // once, the overdue one straight from the table in date order (decision 0042): every order, by
  // number and by cursor, gives the rows SQL gives, and the total the kept balances say.
  it.each([
    ["overdue", "due_date < '2026-01-01'", "date_desc"],
    ["overdue", "due_date < '2026-01-01'", "date_asc"],
    ["overdue", "due_date < '2026-01-01'", "amount_desc"],
    // One status rule (decision 0054): due is nothing paid yet, partly paid before its due date.
    ["due", "(due_date is null or due_date > '2026-01-01') and amount_paid_minor = 0", "date_desc"],
    ["due", "(due_date is null or due_date > '2026-01-01') and amount_paid_minor = 0", "due_asc"],
    [
      "partially_paid",
      "(due_date is null or due_date > '2026-01-01') and amount_paid_minor > 0",
      "date_desc",
    ],
  ])("the %s invoices (%s) in %s order are SQL's, page by page", async (status, where, sort) => {
    const db = t.database.db;
    const userF = await t.userIdOf(f.cookie);
    const seeded = (await db.execute(
      sql`select count(*)::int as n from invoices where business_id = ${userF}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    if (seeded.rows[0]!.n === 0) {
      // 160 invoices over 40 days (four a day, so dates tie), every status; those awaiting payment
      // due long ago or long hence (today does not move them), some partly paid.
      await db.execute(sql`insert into invoices
        (id, business_id, invoice_number, client_name, total_minor, amount_paid_minor, currency, status,
         invoice_date, due_date, invoice_data)
      select gen_random_uuid()::text, ${userF}, 'F-' || n, 'Client ' || n, 1000 + (n * 37) % 500,
        case when n % 4 = 0 then 100 else 0 end, 'INR',
        (array['due','paid','due','draft','due','cancelled','due','paid'])[1 + n % 8],
        date '2025-06-01' + n / 4,
        case when n % 3 = 0 then date '2099-01-01' + n when n % 3 = 1 then date '2020-01-01' + n end,
        '{}'::jsonb
      from generate_series(1, 160) n`);
      await rebuildInvoiceTotals(db, userF);
    }
    const order = {
      date_desc: "invoice_date desc, created_at desc, id desc",
      date_asc: "invoice_date asc, created_at asc, id asc",
      amount_desc: "total_minor desc, invoice_date desc, id desc",
      due_asc: "due_date asc nulls last, invoice_date asc, id asc",
    }[sort]!;
    const expected = (
      (await db.execute(
        sql.raw(`select id from invoices where business_id = '${userF}' and status = 'due' and ${where}
          order by ${order}`),
      )) as unknown as { rows: { id: string }[] }
    ).rows.map((r) => r.id);
    expect(expected.length).toBeGreaterThan(3 * PAGE);
    const path = `/api/invoices?status=${status}&sort=${sort}`;
    if (sort.startsWith("date")) {
      const { byNumber, byCursor } = await walk(path, f.cookie);
      expect(byNumber).toEqual(expected);
      expect(byCursor).toEqual(expected);
    } else {
      // Orders of mixed directions page by number only.
      const byNumber: string[] = [];
      for (let n = 1; ; n++) {
        const numbered = await page(path, f.cookie, n);
        byNumber.push(...numbered.items.map((i) => i.id));
        if (!numbered.hasMore) break;
      }
      expect(byNumber).toEqual(expected);
    }
    const first = await page(path, f.cookie, 1);
    expect([first.total, first.totalIsExact]).toEqual([expected.length, true]);
  });

  it("counts an unfiltered list exactly at any size, through every way rows come and go", async () => {
    const userA = await t.userIdOf(a.cookie);
    const db = t.database.db;
    const total = async (path: string, cookie = a.cookie) => {
      const p = await page(path, cookie, 1);
      return [p.total, p.totalIsExact];
    };
    const counted = async (table: string) =>
      Number(
        (
          (await db.execute(
            sql`select count(*)::int as n from ${sql.identifier(table)} where business_id = ${userA}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]?.n,
      );
    expect(await total("/api/clients")).toEqual([await counted("clients"), true]);
    // 20 at once through the API, then 1,500 in one statement, then 7 deleted.
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.post("/api/clients", { name: `Parallel ${i}` }, a.cookie)),
    );
    expect(made.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    await db.execute(sql`insert into clients (id, business_id, name)
      select gen_random_uuid()::text, ${userA}, 'Bulk ' || g from generate_series(1, 1500) g`);
    for (const r of made.slice(0, 7)) {
      expect((await t.send("DELETE", `/api/clients/${r.json().id}`, undefined, a.cookie)).statusCode).toBe(
        204,
      );
    }
    const clientsNow = await counted("clients");
    expect(clientsNow).toBe(40 + 20 + 1500 - 7);
    expect(await total("/api/clients")).toEqual([clientsNow, true]);
    expect(await total("/api/clients?sort=newest")).toEqual([clientsNow, true]);
    // Filtered lists still count up to their limit.
    expect(await total("/api/clients?search=bulk")).toEqual([100, false]);
    expect(await total("/api/products")).toEqual([await counted("product_services"), true]);
    expect(await total("/api/invoices")).toEqual([await counted("invoices"), true]);
    // The other user's rows are theirs: 40 clients, none of these.
    expect(await total("/api/clients", b.cookie)).toEqual([40, true]);
  });

  it("has no cursor for an order it cannot follow, and pages such a list by number", async () => {
    const first = await page("/api/invoices?sort=amount_desc", a.cookie, 1);
    expect(first.hasMore).toBe(true);
    expect(first.nextCursor).toBeNull();
  });

  it("refuses a cursor it did not make, with a message, and keeps working", async () => {
    const good = (await page("/api/invoices", a.cookie, 1)).nextCursor;
    const forged = (values: unknown) => Buffer.from(JSON.stringify(values)).toString("base64url");
    for (const after of [
      "garbage",
      forged(["2026-04-01"]),
      forged(["2026-02-30", "2026-04-01T04:00:00.000001+00:00", "x"]),
      forged(["2026-04-01", "yesterday", "x"]),
      forged([{ a: 1 }, "2026-04-01T04:00:00+00:00", "x"]),
      "A".repeat(2_001),
    ]) {
      const res = await t.get(`/api/invoices?page=2&after=${after}`, a.cookie);
      expect(res.statusCode, after).toBe(400);
      expect(res.json().error.message).toMatch(/cursor is not valid/);
    }
    // Another user's cursor reads that user's own rows only: the keys say where, the user says whose.
    const theirs = await page("/api/invoices", b.cookie, 2, good ?? undefined);
    expect(theirs.items).toEqual([]);
    expect((await page("/api/invoices", a.cookie, 2, good ?? undefined)).items).toHaveLength(PAGE);
  });

  // A deep page by number (a link, a reload of ?page=131) walks its offset: the same rows, in the
  // same order, ties included, as SQL's own order gives, and the exact total.
  it("reads a deep page by number, the rows SQL's order gives", async () => {
    const db = t.database.db;
    const userB = await t.userIdOf(b.cookie);
    await db.execute(sql`insert into clients (id, business_id, name, created_at)
      select gen_random_uuid()::text, ${userB}, case when n % 2 = 0 then 'TIE ' else 'tie ' end || (n % 9),
        timestamptz '2026-04-01 09:30:00+05:30' + (n % 50) * interval '1 second'
      from generate_series(1, 2610) n`);
    const ordered = async (order: "name" | "newest") =>
      (
        (await db.execute(
          order === "name"
            ? sql`select id from clients where business_id = ${userB} order by lower(name), id`
            : sql`select id from clients where business_id = ${userB} order by created_at desc, id desc`,
        )) as unknown as { rows: { id: string }[] }
      ).rows.map((r) => r.id);
    for (const sort of ["name", "newest"] as const) {
      // The 2,610 rows and the ones made by the tests above.
      const all = await ordered(sort);
      const last = Math.ceil(all.length / 20);
      const middle = Math.floor(all.length / 40) + 1;
      // Row 1,000, the middle, and the last pages.
      for (const n of [51, middle, middle + 1, middle + 2, last - 1, last, last + 1]) {
        const res = await t.get(`/api/clients?sort=${sort}&page=${n}&pageSize=20`, b.cookie);
        const answer = res.json() as Page<{ id: string }>;
        expect(
          answer.items.map((i) => i.id),
          `${sort} page ${n}`,
        ).toEqual(all.slice((n - 1) * 20, n * 20));
        expect([answer.total, answer.totalIsExact, answer.hasMore]).toEqual([all.length, true, n < last]);
      }
    }
  });

  // PostgreSQL plans a prepared statement once (a generic plan) only when the generic plan does not
  // look dearer than the custom ones: a LIMIT parameter made it look dear, so every first page of a
  // list was planned again (decision 0040); a visible offset or cursor made a page's own plan look
  // cheaper (decisions 0041, 0042).
  it.runIf(kind === "postgres")(
    "plans an unfiltered list's first page and pages by number once, not per request",
    async () => {
      // As many rows as a busy user has, and statistics that say so: with a handful, any plan is cheap.
      const db = t.database.db;
      const userC = await t.userIdOf(c.cookie);
      await db.execute(sql`insert into clients (id, business_id, name)
      select gen_random_uuid()::text, ${userC}, 'Client ' || n from generate_series(1, 10000) n`);
      await db.execute(sql`analyze clients`);
      // The app's pool has several connections (and the job queue borrows them now and then), so the
      // executions may be spread over more than one: ask again until the connection read from has run
      // the statement eight times or more. Pages 2, 3 and 10 by number share one statement: seeing
      // their small offsets, PostgreSQL would plan each of them again.
      let used: Awaited<ReturnType<typeof plansOfStatements>> = [];
      // Pages after a cursor too, from pages far apart: seeing the cursor, PostgreSQL would plan them
      // again.
      const cursors = await Promise.all(
        [1, 50, 1000].map(async (n) => (await page("/api/clients", c.cookie, n)).nextCursor ?? ""),
      );
      for (let attempt = 0; attempt < 4 && used.length < 3; attempt++) {
        for (let i = 0; i < 10; i++) {
          for (const n of [1, 2, 3, 10]) await page("/api/clients", c.cookie, n);
          await page("/api/clients", c.cookie, 2, cursors[i % 3]);
        }
        used = await plansOfStatements('%(lower("clients"."name"))::text%');
      }
      expect(used.length).toBeGreaterThanOrEqual(3);
      // A connection that ran these statements on the 40-row table earlier in this file averaged its
      // custom plans there: right after the 10,000 rows and ANALYZE its new generic plan looks dearer
      // than that average for some plans, until the big table's own custom plans raise it (how many
      // depends on which connection served which request: 3 to 20 were seen on a loaded machine).
      // Planned per request would be all custom, no generic plan at all; planned once, the generic
      // plan serves the rest.
      for (const r of used) {
        expect(Number(r.generic_plans)).toBeGreaterThan(0);
        expect(Number(r.custom_plans)).toBeLessThanOrEqual(24);
      }
    },
  );

  // The overdue list is how a business chases money. Its invoices awaiting payment have their own
  // index (invoices_business_due_idx), so its one plan walks them alone whatever the user or day, and
  // PostgreSQL plans it once (decision 0042): planned per request it cost 0.2-0.3 ms of PostgreSQL's
  // time per page, as much as the page itself.
  it.runIf(kind === "postgres")(
    "plans the overdue list once, and pages it right by number and by cursor",
    async () => {
      const db = t.database.db;
      const userE = await t.userIdOf(e.cookie);
      // 10,000 invoices, one in four awaiting payment and past its due date, one in eight due later.
      await db.execute(sql`insert into invoices
        (id, business_id, invoice_number, client_name, total_minor, currency, status, invoice_date, due_date, invoice_data)
      select gen_random_uuid()::text, ${userE}, 'E-' || lpad(n::text, 6, '0'), 'Client ' || n, 100, 'INR',
        (array['paid','due','paid','due','draft','due','paid','paid'])[1 + n % 8],
        date '2020-01-01' + (n % 1000), date '2020-01-01' + (n % 1000) + case when n % 8 = 5 then 100000 else 30 end,
        '{}'::jsonb
      from generate_series(1, 10000) n`);
      await rebuildInvoiceTotals(db, userE);
      await db.execute(sql`analyze invoices`);
      const expected = (
        (await db.execute(sql`select id from invoices where business_id = ${userE} and status = 'due'
          and due_date < current_date order by invoice_date desc, created_at desc, id desc`)) as unknown as {
          rows: { id: string }[];
        }
      ).rows.map((r) => r.id);
      expect(expected.length).toBe(2_500);
      let used: Awaited<ReturnType<typeof plansOfStatements>> = [];
      for (let attempt = 0; attempt < 4 && used.length < 2; attempt++) {
        for (let i = 0; i < 10; i++) {
          const first = await page("/api/invoices?status=overdue", e.cookie, 1);
          expect([first.total, first.totalIsExact]).toEqual([2_500, true]);
          expect(first.items.map((r) => r.id)).toEqual(expected.slice(0, PAGE));
          const next = await page("/api/invoices?status=overdue", e.cookie, 2, first.nextCursor ?? "");
          expect(next.items.map((r) => r.id)).toEqual(expected.slice(PAGE, 2 * PAGE));
          const deep = await page("/api/invoices?status=overdue", e.cookie, 300);
          expect(deep.items.map((r) => r.id)).toEqual(expected.slice(299 * PAGE, 300 * PAGE));
        }
        used = await plansOfStatements(`%"invoices"."status" = 'due'%`);
      }
      expect(used.length).toBeGreaterThanOrEqual(2);
      for (const r of used) expect(Number(r.custom_plans)).toBeLessThanOrEqual(5);
    },
  );

  // A search is the opposite: a broad term is found fastest by walking the list in date order, a
  // rare one through the trigram index, so each term must be planned for itself (decision 0038).
  // Named, its statement fell to one generic plan after five searches of these terms once it read
  // its first page and count in one walk (decision 0041): every term was then walked. Unnamed, it
  // is planned for its values every time; the unfiltered list beside it stays named (planned once).
  it.runIf(kind === "postgres")(
    "plans every search for its own term, a rare one as a broad one",
    async () => {
      const db = t.database.db;
      const userD = await t.userIdOf(d.cookie);
      // Invoices as bench/api-load.ts seeds them, and its four terms, each three times: broad
      // ("Anand": a quarter), clustered ("Traders 42": 220, a run of numbers), rare in name but
      // plenty by number ("A-0012": 100), broad again.
      await db.execute(sql`insert into invoices
        (id, business_id, invoice_number, client_name, total_minor, currency, status, invoice_date, invoice_data)
      select gen_random_uuid()::text, ${userD}, 'A-' || lpad(n::text, 6, '0'),
        (array['Anand','Bharat','Chandra','Deepak'])[1 + n % 4] || ' Traders ' || (n % 500),
        100, 'INR', 'paid', date '2026-11-20' - (n % 1000), '{}'::jsonb
      from generate_series(1, 10000) n`);
      await db.execute(sql`analyze invoices`);
      const TERMS = ["Anand", "Traders 42", "A-0012", "Deepak"].flatMap((term) => [term, term, term]);
      let statements: { statement: string; runs: number }[] = [];
      // Ask until the connection that reads pg_prepared_statements is one that served the lists.
      for (let attempt = 0; attempt < 4; attempt++) {
        for (const term of TERMS) {
          const found = await page(`/api/invoices?search=${encodeURIComponent(term)}`, d.cookie, 1);
          expect([found.total, found.items.length]).toEqual([100, PAGE]);
          expect((await page("/api/invoices", d.cookie, 1)).total).toBe(10_000);
        }
        const plans = (await db.execute(
          sql`select statement, generic_plans + custom_plans as runs from pg_prepared_statements
            where statement like '%from "invoices"%'`,
        )) as unknown as { rows: { statement: string; runs: string }[] };
        statements = plans.rows.map((r) => ({ statement: r.statement, runs: Number(r.runs) }));
        if (statements.some((r) => r.runs >= 3)) break;
      }
      expect(statements.some((r) => r.runs >= 3)).toBe(true);
      expect(statements.filter((r) => r.statement.includes("search_key"))).toEqual([]);
    },
  );
});
