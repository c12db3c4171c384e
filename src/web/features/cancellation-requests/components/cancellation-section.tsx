import { useState } from "react";

import type { Session } from "../../../../shared/schemas/sessions.ts";

import { SectionCard } from "../../../components/ui/section-card.tsx";

import { canSchedule } from "../../calendar/api.ts";
import { useSessionRequests } from "../api.ts";

import { FamilyRequests } from "./family-requests.tsx";

import { SessionRequests } from "./session-requests.tsx";
import type { Area } from "../../../../shared/roles.ts";

/**
 * The session page's "Cancellation requests": for the tutor and admins every request with
 * accept and decline; for a parent or student their own, and the way to ask. Left out once
 * the session is no longer scheduled when nobody asked.
 */
export function CancellationSection({ area, session }: { area: Area; session: Session }) {
  const requests = useSessionRequests(area, session.id);
  const [openedAt] = useState(Date.now);
  const askable = session.status === "scheduled" && (canSchedule(area) || Date.parse(session.startsAt) > openedAt);
  if (!askable && requests.data?.items.length === 0) return null;
  return canSchedule(area) ? (
    <SectionCard
      title="Cancellation requests"
      description="Families asking to cancel this session. Accepting cancels it (late inside the workspace's notice period)."
    >
      <SessionRequests area={area} sessionId={session.id} />
    </SectionCard>
  ) : (
    <SectionCard title="Cancellation" description="Ask your tutor and the workspace's admins to cancel this session; they accept or decline.">
      <FamilyRequests area={area} session={session} />
    </SectionCard>
  );
}
