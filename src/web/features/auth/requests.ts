import type { SignupRequest, SignupResponse } from "../../../shared/schemas/auth.ts";
import { api } from "../../lib/api-client.ts";

/**
 * The account requests without TanStack Query: the sign-up page and the confirmation page's
 * set-up form send them directly (the page-weight budgets of tests/budgets); ./api.ts makes mutations of
 * them for the signed-in screens.
 */

/** What the server answers after sign-up or onboarding: where the account goes next. */
export type NextStep = SignupResponse["next"];

/** Creates the account and either its new workspace or a pending request to join one. */
export const signUp = (input: SignupRequest) => api.post<SignupResponse>("/signup", input);

/** A signed-in account with no workspace (a new Google account) starts one as its admin. */
export const startWorkspace = (input: { workspaceName: string }) => api.post<{ next: NextStep }>("/workspaces", input);

/** A signed-in account asks to join a workspace; one with no active workspace is then signed out (pending). */
export const askToJoin = (input: { joinCode: string }) => api.post<{ next: NextStep }>("/workspaces/join", input);
