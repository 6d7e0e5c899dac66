// The floor of a Bahi list request on this machine (../shared/reference/perf/api-floor.md, case E2),
// run by bench/api-load.ts beside Bahi on the same seeded database, so the two are measured in one
// run: Fastify and node-postgres only, the session looked up once and cached 5 s, one named
// (prepared) keyset statement per page, camelCase mapping, JSON.stringify, no compression, no
// security headers, no log line. Not Bahi: a yardstick.
// Env: PORT, DATABASE_URL.
import Fastify from "fastify";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
const sessions = new Map();

async function userOf(cookie) {
  const token = /bahi\.session_token=([^.;]+)/.exec(cookie ?? "")?.[1];
  if (!token) return null;
  const cached = sessions.get(token);
  if (cached && cached.until > Date.now()) return cached.userId;
  const { rows } = await pool.query({
    name: "floor_session",
    text: 'select s.user_id, s.expires_at from session s join "user" u on u.id = s.user_id where s.token = $1',
    values: [token],
  });
  const row = rows[0];
  if (!row || row.expires_at < new Date()) return null;
  sessions.set(token, { userId: row.user_id, until: Date.now() + 5_000 });
  return row.user_id;
}

app.get("/floor/clients", async (request, reply) => {
  const userId = await userOf(request.headers.cookie);
  if (!userId) return reply.status(401).send({ error: "unauthorized" });
  const after = request.query.after
    ? JSON.parse(Buffer.from(request.query.after, "base64url").toString())
    : ["", ""];
  const { rows } = await pool.query({
    name: "floor_clients",
    text: `select id, name, email, phone, gstin, billing_address, created_at, lower(name) as k from clients
      where user_id = $1 and (lower(name), id) > ($2, $3) order by lower(name), id limit 21`,
    values: [userId, after[0], after[1]],
  });
  const items = rows.slice(0, 20).map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    gstin: r.gstin,
    billingAddress: r.billing_address,
    createdAt: r.created_at,
  }));
  const last = rows[19];
  return {
    items,
    hasMore: rows.length > 20,
    nextCursor: last ? Buffer.from(JSON.stringify([last.k, last.id])).toString("base64url") : null,
  };
});

await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
