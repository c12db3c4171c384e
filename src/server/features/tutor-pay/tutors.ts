/** The tutor a pay operation names: a tutor member of the workspace, else a 404. */
import { and, eq } from "drizzle-orm";
import { member, user } from "../../db/schema.ts";
import type { Queryable } from "../../db/tenant.ts";
import { notFound } from "../../lib/app-error.ts";

export async function requireTutor(tx: Queryable, organizationId: string, memberId: string): Promise<{ memberId: string; name: string }> {
  const [row] = await tx
    .select({ memberId: member.id, name: user.name, role: member.role })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.id, memberId)));
  if (!row || row.role !== "tutor") throw notFound("The tutor");
  return { memberId: row.memberId, name: row.name };
}
