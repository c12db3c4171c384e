/**
 * What the workspace export leaves out on purpose: credentials. An archive is a file that gets
 * copied, mailed and kept; nothing in it may let its holder sign in as someone, act for the
 * workspace at Stripe, or take over a link that was mailed to someone. Each entry says why, and
 * the archive's README.txt lists them.
 *
 * Only tables that hold an organization_id are exported (catalog.ts), so the account tables of
 * Better Auth (account, session, verification, two_factor) are never read at all; they are
 * listed here so that the README names them and a test proves they stay out.
 */

/** Whole tables left out, with the reason. */
export const EXCLUDED_TABLES: Record<string, string> = {
  account: "password hashes and the sign-in providers' tokens",
  session: "sign-in session tokens",
  verification: "email confirmation and password reset tokens",
  two_factor: "two-factor secrets and backup codes",
  stripe_keys: "the workspace's own Stripe keys (encrypted, but keys all the same)",
  invitation: "Better Auth's invitations, which Glassroom does not use (its invitations are in workspace_invitation)",
};

/** Columns left out of tables that are exported, with the reason. */
export const EXCLUDED_COLUMNS: Record<string, Record<string, string>> = {
  calendar_feed: { token_hash: "the hash of the private calendar feed address's token" },
  workspace_invitation: { token_hash: "the hash of the mailed invitation link's token" },
  organization: { join_code: "the code that lets anyone ask to join the workspace" },
};

/** The columns of a member's account that are exported: who they are, nothing they sign in with. */
export const USER_COLUMNS = ["id", "name", "email", "created_at"] as const;

/**
 * Column names that look like a credential but are not one, each reviewed: a new column whose
 * name says token, secret, password, hash, cipher, key or code must be added to one list or
 * the other (workspace-export.test.ts fails until it is).
 */
export const REVIEWED_NOT_SECRET: Record<string, Record<string, string>> = {
  ledger_entry: {
    hash: "the ledger's hash chain: its integrity, printed on every statement",
    previous_hash: "the ledger's hash chain",
    cause_key: "what caused the entry (a session, a payment): an idempotency key",
  },
  ledger_verification: { latest_hash: "the ledger's hash chain" },
  hour_movement: { cause_key: "an idempotency key" },
  tutor_earning: { cause_key: "an idempotency key" },
  billing_notice: { dedupe_key: "an idempotency key" },
  payment: { idempotency_key: "an idempotency key" },
  payment_refund: { idempotency_key: "an idempotency key" },
  credit_note: { idempotency_key: "an idempotency key" },
  growth_playbook_step: { step_key: "the playbook step's name" },
  resource_version: { storage_key: "where the file is stored; the file itself is in files/" },
  session_recording: { storage_key: "where the file is stored; the file itself is in files/" },
  workspace_export: { storage_key: "where an archive is stored" },
};

/** Names that look like a credential: each such column is either left out or reviewed above. */
export const CREDENTIAL_LIKE_NAME = /token|secret|password|hash|cipher|key|code/i;
