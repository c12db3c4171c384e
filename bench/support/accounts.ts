/**
 * People for the benchmarks, made the way the product makes them: the factories of
 * tests/factories.ts (sign-up, approval by the admin, sign-in) driven over HTTP against the
 * running benchmark server. A production server keeps no mail (the outbox is a local
 * development server's only), so the confirmation link's one effect, the address marked
 * confirmed, is written in the database instead of followed from a mail (`confirmAddress`).
 */
import { sql } from "drizzle-orm";
import type { MemberRole } from "../../src/shared/roles.ts";
import { createDatabase, type Database } from "../../src/server/db/client.ts";
import { DEFAULT_APP_URL, type ApiClient, type AppLike } from "../../tests/client.ts";
import { createAdmin, createMember, type AdminFixture, type FactoryContext, type MemberFixture } from "../../tests/factories.ts";

/**
 * The factories address the app as http://localhost:3000 (the in-process default): this
 * forwards each request to the real server, with the server's own origin in Origin.
 */
export function remoteApp(baseUrl: string): AppLike {
  const target = new URL(baseUrl);
  return {
    request(input, init) {
      const url = new URL(input, DEFAULT_APP_URL);
      url.protocol = target.protocol;
      url.host = target.host;
      const headers = new Headers(init?.headers);
      if (headers.has("origin")) headers.set("origin", target.origin);
      return fetch(url, { ...init, headers, redirect: "manual" });
    },
  };
}

export interface Accounts {
  ctx: FactoryContext & { db: Database };
  admin: AdminFixture;
  members: Partial<Record<Exclude<MemberRole, "admin">, MemberFixture>>;
  close(): Promise<void>;
}

/** An admin of a new workspace and, for each role asked, an approved member signed in. */
export async function createAccounts(server: { url: string; databaseUrl: string }, roles: Exclude<MemberRole, "admin">[] = []): Promise<Accounts> {
  const db = createDatabase(server.databaseUrl, { max: 2 });
  // A production server keeps no outbox: the confirmation link's one effect is written instead.
  const confirmAddress = async (email: string) => {
    await db.execute(sql`update "user" set email_verified = true where email = ${email}`);
  };
  const ctx = { app: remoteApp(server.url), db, confirmAddress };
  try {
    const admin = await createAdmin(ctx, { workspaceName: "Benchmark Tutoring" });
    const members: Accounts["members"] = {};
    for (const role of roles) members[role] = await createMember(ctx, { admin, role });
    return { ctx, admin, members, close: () => db.$client.end() };
  } catch (error) {
    await db.$client.end();
    throw error;
  }
}

/** The Cookie header of a signed-in factory client. */
export function cookieHeaderOf(client: ApiClient): string {
  return client.cookieHeader();
}
