import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactElement } from "react";
import type { MemberRole } from "../../shared/roles.ts";
import type { MeResponse } from "../../shared/schemas/me.ts";
import { sessionKeys } from "../features/session/api.ts";

/** A signed-in member of a London workspace in `role`, as GET /api/me answers. */
export function viewerAs(role: MemberRole, workspace: { timeZone?: string; currency?: string } = {}): MeResponse {
  const activeWorkspace = {
    id: "workspace-1",
    name: "Bright Tutors",
    slug: "bright-tutors",
    timeZone: workspace.timeZone ?? "Europe/London",
    currency: workspace.currency ?? "GBP",
    role,
    status: "active" as const,
  };
  return {
    user: { id: "user-1", email: "ada@example.com", name: "Ada Lovelace", emailVerified: true, twoFactorEnabled: false, devops: false },
    role,
    membershipRole: role,
    membershipStatus: "active",
    roleOverride: null,
    canSwitchRole: false,
    activeWorkspace,
    workspaces: [activeWorkspace],
  };
}

/** `ui` with a query cache that already knows the viewer (null: signed out), so no request is made. */
export function withViewer(ui: ReactElement, me: MeResponse | null): ReactElement {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionKeys.me, me);
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}
