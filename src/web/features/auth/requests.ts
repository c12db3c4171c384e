import type { SignupRequest, SignupResponse } from "../../../shared/schemas/auth.ts";
import { api } from "../../lib/api-client.ts";

/**
 * The account requests, as plain calls of the API client: the account pages load neither
 * TanStack Query nor Better Auth's client (the page-weight budgets of tests/budgets). The
 * Better Auth endpoints (under /api/auth, src/server/auth/routes.ts) take and answer JSON, and
 * their refusals become the same ApiError as ours (lib/api-client.ts). ./api.ts makes
 * mutations of these for the signed-in screens.
 */

/** What the server answers after sign-up or onboarding: where the account goes next. */
export type NextStep = SignupResponse["next"];

/** Creates the account and either its new workspace or a pending request to join one. */
export const signUp = (input: SignupRequest) => api.post<SignupResponse>("/signup", input);

/** A signed-in account with no workspace (a new Google account) starts one as its admin. */
export const startWorkspace = (input: { workspaceName: string }) => api.post<{ next: NextStep }>("/workspaces", input);

/** A signed-in account asks to join a workspace; one with no active workspace is then signed out (pending). */
export const askToJoin = (input: { joinCode: string }) => api.post<{ next: NextStep }>("/workspaces/join", input);

/**
 * Better Auth's answer to a password sign-in: signed in (the session cookie is set), or the
 * account has two-factor authentication and must give a code first (a pending-sign-in cookie).
 */
export type SignInAnswer = { twoFactorRedirect: true; twoFactorMethods?: string[] } | { twoFactorRedirect?: undefined; redirect: boolean; token: string };

export const signInWithPassword = (input: { email: string; password: string }) => api.post<SignInAnswer>("/auth/sign-in/email", input);

/** The second step of a sign-in (or of turning two-factor on): a code of the authenticator app. */
export const verifyTotpCode = (code: string) => api.post<unknown>("/auth/two-factor/verify-totp", { code });

/** The second step of a sign-in with one of the account's backup codes. */
export const verifyBackupCode = (code: string) => api.post<unknown>("/auth/two-factor/verify-backup-code", { code });

/** Starts turning two-factor on (signed in): the secret for the app and the backup codes; on only once a code is verified. */
export const enableTwoFactor = (password: string) => api.post<{ totpURI: string; backupCodes: string[] }>("/auth/two-factor/enable", { password });

/** Mails a reset link (to /reset-password) if the account exists; the answer is the same either way. */
export const requestPasswordReset = (email: string) => api.post<unknown>("/auth/request-password-reset", { email, redirectTo: "/reset-password" });

/** Sets a new password with the mailed token; every session of the account ends. */
export const resetPassword = (input: { newPassword: string; token: string }) => api.post<unknown>("/auth/reset-password", input);

/** Mails a new confirmation link to an unconfirmed account, if there is one; the answer is the same either way. */
export const sendConfirmationEmail = (email: string) =>
  api.post<unknown>("/auth/send-verification-email", { email, callbackURL: "/confirm-email?next=signin" });

/** Ends the session (the public pages' sign-out; the areas sign out through features/session/sign-out.ts). */
export const signOutHere = () => api.post<unknown>("/auth/sign-out", {});

/**
 * Google sign-in: the server answers the address of Google's consent page, which the browser
 * then opens; Google sends the person back to /confirm-email, or to /login on an error.
 */
export async function signInWithGoogle(): Promise<void> {
  const { url, redirect } = await api.post<{ url: string; redirect: boolean }>("/auth/sign-in/social", {
    provider: "google",
    callbackURL: "/confirm-email",
    errorCallbackURL: "/login",
  });
  // Only a web address: never a javascript: or data: one, whatever the answer says.
  if (redirect && /^https?:\/\//i.test(url)) window.location.href = url;
}
