/**
 * User-facing messages kept word for word from the product Glassroom replaces (its error
 * catalogue and its guard reasons), so that people who knew it read the same words.
 */
export const MESSAGES = {
  pendingApproval: "Your account is pending approval. Please wait for an administrator to approve your account before logging in.",
  localServerDown: "Local server not running. Start it with: npm run dev",
  databaseDown: "Database connection failed. Please check your internet connection.",
  networkError: "Network error. Please check your connection.",
  sessionExpired: "Session expired. Please log in again.",
  unexpected: "An unexpected error occurred",
  authenticationRequired: "Authentication required",
  invalidCredentials: "Invalid email or password.",
  notFoundSupport: "If you believe this is an error, please contact support.",
  routeErrorTitle: "Something went wrong",
  routeErrorBody: "We're sorry, but something unexpected happened.",
  loadingAuthorization: "Loading authorization...",
  forgotPasswordSent: "If an account exists for that email, we have sent a link to reset its password. Check your inbox.",
  /** A request refused while the server had too much to do at once (503 SERVER_BUSY): nothing was written. */
  serverBusy: "The server is busy; try again in a moment.",
  /** When the answer does not say how long to wait (rateLimitedMessage does when it does). */
  rateLimited: "Too many attempts. Please wait a minute and try again.",
} as const;

/**
 * A refusal by a rate limit, saying when to try again (from its Retry-After seconds), in whole
 * minutes rounded up: "Too many attempts. Try again in 4 minutes."
 */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes === 1 ? "1 minute" : `${minutes} minutes`}.`;
}

export function roleNotAuthorizedReason(role: string, path: string): string {
  return `Your role (${role}) is not authorized to view ${path}.`;
}

/** Error codes the API answers with; the client maps them to the messages above. */
export const ERROR_CODES = [
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "GONE",
  "ACCOUNT_PENDING",
  "RATE_LIMITED",
  "DATABASE_UNAVAILABLE",
  "SERVER_BUSY",
  "PAYMENT_PROVIDER_UNAVAILABLE",
  "PAYMENT_PROVIDER_REFUSED",
  "WEBHOOK_SIGNATURE_INVALID",
  "CROSS_ORIGIN_REFUSED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: {
    code: ErrorCode | string;
    message: string;
    issues?: { path: (string | number)[]; message: string }[];
  };
}
