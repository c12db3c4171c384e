/**
 * The second ceiling of the API throughput benchmark: what a signed-in read must do at the
 * least, in a bare node:http server run as its own process on the same Node 24 and in the
 * app's process model (one process, a pg pool of the app's size, 10). For each request it
 * reads the session cookie, checks its signature (HMAC-SHA256 with the auth secret, as Better
 * Auth signs it), reads the unexpired session, its user and the membership in the session's
 * workspace from PostgreSQL in one query by the token, and answers a small JSON.
 *
 * Settings: DATABASE_URL, AUTH_SECRET, SESSION_COOKIE (the cookie's name). Prints
 * "listening <port>" when ready.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import pg from "pg";

const databaseUrl = process.env.DATABASE_URL;
const secret = process.env.AUTH_SECRET;
const cookieName = process.env.SESSION_COOKIE ?? "glassroom.session_token";
if (!databaseUrl || !secret) throw new Error("DATABASE_URL and AUTH_SECRET are required");

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const SESSION_QUERY = `select s.user_id, s.active_organization_id, u.name, u.email, m.role, m.status
  from session s
  join "user" u on u.id = s.user_id
  left join member m on m.organization_id = s.active_organization_id and m.user_id = s.user_id
  where s.token = $1 and s.expires_at > now()`;

/** The token of a signed session cookie, or null when it is missing or its signature is wrong. */
function signedToken(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== cookieName) continue;
    const value = decodeURIComponent(part.slice(separator + 1).trim());
    const dot = value.lastIndexOf(".");
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), "base64");
    const expected = createHmac("sha256", secret!).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
  return null;
}

function answer(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  response.end(body);
}

const server = createServer((request, response) => {
  const token = signedToken(request.headers.cookie);
  if (!token) return answer(response, 401, { error: "signed out" });
  pool.query(SESSION_QUERY, [token]).then(
    ({ rows }) => {
      const row = rows[0] as
        { user_id: string; active_organization_id: string | null; name: string; email: string; role: string | null; status: string | null } | undefined;
      if (!row) return answer(response, 401, { error: "signed out" });
      answer(response, 200, {
        user: { id: row.user_id, name: row.name, email: row.email },
        organizationId: row.active_organization_id,
        role: row.status === "active" ? row.role : "pending",
      });
    },
    () => answer(response, 503, { error: "database unavailable" }),
  );
});
server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" && address ? address.port : "?"}\n`);
});
process.on("SIGTERM", () => server.close(() => void pool.end().then(() => process.exit(0))));
