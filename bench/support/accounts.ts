/**
 * People for the benchmarks, made the way the product makes them: the factories of
 * tests/factories.ts (sign-up, the mailed confirmation link read from the outbox table,
 * approval by the admin, sign-in) driven over HTTP against the running benchmark server.
 */
import type { MemberRole } from "../../src/shared/roles.ts";
import { createDatabase, type Database } from "../../src/server/db/client.ts";
import { DEFAULT_APP_URL, type ApiClient, type AppLike } from "../../tests/client.ts";
import { createAdmin, createMember, type AdminFixture, type FactoryContext, type TestUser } from "../../tests/factories.ts";

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
  members: Partial<Record<Exclude<MemberRole, "admin">, { client: ApiClient; user: TestUser }>>;
  close(): Promise<void>;
}

/** An admin of a new workspace and, for each role asked, an approved member signed in. */
export async function createAccounts(server: { url: string; databaseUrl: string }, roles: Exclude<MemberRole, "admin">[] = []): Promise<Accounts> {
  const db = createDatabase(server.databaseUrl, { max: 2 });
  const ctx = { app: remoteApp(server.url), db };
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
