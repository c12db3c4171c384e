/**
 * The system status: version, database, mail, storage and background jobs, as a workspace's
 * admins see it (System → Status: their workspace's mail and files, the install's schedules)
 * and as platform operators see it for the whole install (/platform/system). One shape for both.
 */
import { z } from "zod";

/** workspace: what one workspace's admins see; install: everything (devops accounts). */
export const STATUS_SCOPES = ["workspace", "install"] as const;
export type StatusScope = (typeof STATUS_SCOPES)[number];

/** At most this many failed mails are listed, the newest first. */
export const FAILED_MAILS_LISTED = 50;
/** A job's failures are counted over this many days (pg-boss keeps a finished job a week). */
export const FAILURE_WINDOW_DAYS = 7;
/** The latest failures of a job listed with their error. */
export const RECENT_FAILURES_LISTED = 3;

export const versionStatusSchema = z.object({
  version: z.string(),
  /** The git commit the server runs, when the install has its repository; else null. */
  commit: z.string().nullable(),
  /** When the web app was built (its files' time), when there is a build; else null. */
  builtAt: z.string().nullable(),
  node: z.string(),
  /** When this server process started. */
  startedAt: z.string(),
});

export const migrationStatusSchema = z.object({
  applied: z.number().int(),
  /** Migrations the code carries (its journal). */
  inCode: z.number().int(),
  /** The newest migration applied: its name and the date it was written (the database does not keep when it ran). */
  latest: z.object({ tag: z.string(), writtenAt: z.string() }).nullable(),
  /** Migrations of the code the database has not applied (normally none: the server applies them at start-up). */
  notApplied: z.array(z.string()),
});

export const databaseStatusSchema = z.object({
  reachable: z.boolean(),
  /** A round trip to the database, in milliseconds. */
  latencyMs: z.number().nullable(),
  sizeBytes: z.number().nullable(),
  migrations: migrationStatusSchema.nullable(),
});

export const failedMailSchema = z.object({
  jobId: z.string(),
  to: z.string(),
  subject: z.string(),
  /** The mail server's or the transport's last error. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  failedAt: z.string(),
  /** The workspace the mail is about (install view only; null there for a mail outside any workspace). */
  workspace: z.object({ name: z.string(), slug: z.string() }).nullable(),
});
export type FailedMail = z.infer<typeof failedMailSchema>;

export const mailStatusSchema = z.object({
  /** smtp: sent through SMTP_URL; log: not sent, written to the log (and the development outbox). */
  transport: z.enum(["smtp", "log"]),
  lastSentAt: z.string().nullable(),
  /** Mails queued or waiting for their next attempt. */
  waiting: z.number().int(),
  failed: z.array(failedMailSchema),
  /** More failed mails than the ones listed. */
  moreFailed: z.boolean(),
  /** How long a sent or failed mail is kept (its job), in hours: older ones are not shown. */
  keptHours: z.number(),
});

export const storageStatusSchema = z.object({
  kind: z.enum(["local", "s3"]),
  recordingsBytes: z.number(),
  resourcesBytes: z.number(),
  /** Install view: how many workspaces the figures add up. */
  workspaces: z.number().int().nullable(),
});

export const jobStatusSchema = z.object({
  name: z.string(),
  /** queue: work a request hands over; scheduled: runs on its schedule. */
  kind: z.enum(["queue", "scheduled"]),
  /** The cron expression (UTC) of a scheduled job. */
  cron: z.string().nullable(),
  /** When it runs, in words ("Every 15 minutes", "Daily at 03:17 UTC", "When queued"). */
  schedule: z.string(),
  running: z.boolean(),
  lastRun: z
    .object({
      startedAt: z.string().nullable(),
      finishedAt: z.string(),
      durationMs: z.number().nullable(),
      result: z.enum(["completed", "failed"]),
    })
    .nullable(),
  failures: z.object({
    /** Failed runs (after their retries) in the last FAILURE_WINDOW_DAYS days. */
    count: z.number().int(),
    /** The latest of them; the error is null where the viewer may not read it. */
    recent: z.array(z.object({ at: z.string(), error: z.string().nullable() })),
  }),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

export const systemStatusSchema = z.object({
  scope: z.enum(STATUS_SCOPES),
  checkedAt: z.string(),
  version: versionStatusSchema,
  database: databaseStatusSchema,
  mail: mailStatusSchema,
  storage: storageStatusSchema,
  jobs: z.array(jobStatusSchema),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** A failed mail's job id: anything that is not one answers 404, as a mail that is not there. */
export const failedMailParams = z.object({ jobId: z.string().min(1).max(100) });

export const mailRetriedSchema = z.object({ jobId: z.string(), retried: z.literal(true) });
export type MailRetried = z.infer<typeof mailRetriedSchema>;
