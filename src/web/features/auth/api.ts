import { useMutation } from "@tanstack/react-query";
import type { SignupRequest, SignupResponse } from "../../../shared/schemas/auth.ts";
import { api } from "../../lib/api-client.ts";
// The mutations below need the root's query provider, which this module brings (lib/query-provider.ts).
import "../../lib/query-client.ts";

/** What the server answers after sign-up or onboarding: where the account goes next. */
export type NextStep = SignupResponse["next"];

/** Creates the account and either its new workspace or a pending request to join one. */
export const signUp = (input: SignupRequest) => api.post<SignupResponse>("/signup", input);

/** A signed-in account with no workspace (a new Google account) starts one as its admin. */
export const startWorkspace = (input: { workspaceName: string }) => api.post<{ next: NextStep }>("/workspaces", input);

/** A signed-in account asks to join a workspace; one with no active workspace is then signed out (pending). */
export const askToJoin = (input: { joinCode: string }) => api.post<{ next: NextStep }>("/workspaces/join", input);

export const useSignUp = () => useMutation({ mutationFn: signUp });
export const useStartWorkspace = () => useMutation({ mutationFn: startWorkspace });
export const useAskToJoin = () => useMutation({ mutationFn: askToJoin });
