/** Where a signed-in user lands, or the page they asked for before signing in. */
export function safeRedirectTarget(redirectTo: string | null): string | null {
  return redirectTo && redirectTo.startsWith("/") && !redirectTo.startsWith("//") ? redirectTo : null;
}
