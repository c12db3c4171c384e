/**
 * Background-job runs as pg-boss records them, made through pg-boss's own API on the app's
 * database (no worker of the app runs these queues in a test, or, for mail, takes the job
 * before it is settled): a failed mail, and a job's run that completed, failed or is running.
 * For tests and the e2e specs; no test-runner imports here.
 */
import { PgBoss } from "pg-boss";

export async function withJobs<T>(databaseUrl: string, work: (boss: PgBoss) => Promise<T>): Promise<T> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: "pgboss", migrate: false, supervise: false, schedule: false });
  boss.on("error", () => {});
  await boss.start();
  try {
    return await work(boss);
  } finally {
    await boss.stop({ graceful: false });
  }
}

export interface FailedMailInput {
  to: string;
  subject: string;
  text?: string;
  organizationId: string | null;
  error: string;
}

/**
 * A mail job failed after its attempts, as the mail queue leaves one when the mail server keeps
 * refusing: not due for a few seconds, so that the app's mail worker cannot take it before it is
 * failed, and due at once when it is retried after those seconds. Its id.
 */
export function createFailedMail(databaseUrl: string, input: FailedMailInput): Promise<string> {
  return withJobs(databaseUrl, async (boss) => {
    const { error, ...mail } = input;
    const id = await boss.send("mail", { text: "Hello", ...mail }, { retryLimit: 0, startAfter: 2 });
    if (!id) throw new Error("pg-boss did not queue the mail");
    await boss.fail("mail", id, { message: error });
    return id;
  });
}

/** A run of the job `name` (no worker runs it here): taken, then completed, failed with `error`, or left running. */
export function createJobRun(
  databaseUrl: string,
  name: string,
  outcome: "completed" | "failed" | "running",
  options: { data?: object; error?: string } = {},
): Promise<string> {
  return withJobs(databaseUrl, async (boss) => {
    const id = await boss.send(name, options.data ?? null, { retryLimit: 0 });
    if (!id) throw new Error(`pg-boss did not queue ${name}`);
    const [taken] = await boss.fetch(name);
    if (taken?.id !== id) throw new Error(`another run of ${name} was waiting`);
    if (outcome === "completed") await boss.complete(name, id);
    if (outcome === "failed") await boss.fail(name, id, { message: options.error ?? "failed" });
    return id;
  });
}
