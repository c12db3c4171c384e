/**
 * Invitations in a state that only time brings: for the e2e specs, whose server runs on the real
 * clock (the API tests move the same column inside their own withWorkspace). No test-runner imports.
 */
import { eq } from "drizzle-orm";
import { createDatabase } from "../src/server/db/client.ts";
import { workspaceInvitation } from "../src/server/db/schema.ts";
import { withWorkspace } from "../src/server/db/tenant.ts";

/**
 * The invitation's seven days are over: its expiry moved a second into the past on the app's
 * database, in its workspace (row-level security on). The API then lists it as expired.
 */
export async function expireInvitation(databaseUrl: string, organizationId: string, invitationId: string): Promise<void> {
  const db = createDatabase(databaseUrl, { max: 1 });
  try {
    const expired = await withWorkspace(db, organizationId, (tx) =>
      tx
        .update(workspaceInvitation)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(workspaceInvitation.id, invitationId))
        .returning({ id: workspaceInvitation.id }),
    );
    if (expired.length !== 1) throw new Error(`No invitation ${invitationId} in workspace ${organizationId}`);
  } finally {
    await db.$client.end();
  }
}
