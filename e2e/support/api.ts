/**
 * Creating people and workspaces through the real HTTP API of a running server, as the
 * product does: sign-up, the mailed confirmation link (read from the development outbox),
 * sign-in, approval by an admin. The one step with no API by design (making an account
 * devops) runs the product's own command, `scripts/user-devops.ts`.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { expect, type APIRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import type { MemberRole } from "../../src/shared/roles.ts";
import { APP_URL, DATABASE_URL, E2E_DATA_DIR, NODE_BIN, PROJECT_ROOT, TEST_PASSWORD } from "./constants.ts";

export interface Account {
  name: string;
  email: string;
  password: string;
}

export interface AdminAccount extends Account {
  workspaceName: string;
  joinCode: string;
  /** An API client signed in as this admin. */
  client: APIRequestContext;
}

export interface MemberAccount extends Account {
  role: MemberRole;
  admin: AdminAccount;
}

export interface OutboxMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.com`;
}

export function uniqueName(prefix = "Person"): string {
  return `${prefix} ${randomBytes(3).toString("hex")}`;
}

/** The first link in a mail whose path contains `pathPart`. */
export function linkIn(text: string, pathPart: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname.includes(pathPart));
  if (!link) throw new Error(`No link containing ${pathPart} in the mail:\n${text}`);
  return link;
}

/** The workspace a signed-in client is in (its id, as the database keys its rows). */
export async function workspaceIdOf(client: APIRequestContext): Promise<string> {
  const me = await client.get("/api/me");
  expect(me.status()).toBe(200);
  return ((await me.json()) as { activeWorkspace: { id: string } }).activeWorkspace.id;
}

async function expectStatus(response: APIResponse, status: number, step: string): Promise<void> {
  if (response.status() !== status) {
    throw new Error(`${step} answered ${response.status()} instead of ${status}: ${await response.text()}`);
  }
}

const execFileAsync = promisify(execFile);

export class Api {
  private readonly contexts: APIRequestContext[] = [];
  private readonly request: APIRequest;
  readonly baseURL: string;
  /** The database of the server, for the devops command. */
  private readonly databaseUrl: string;

  constructor(request: APIRequest, baseURL: string = APP_URL, databaseUrl: string = DATABASE_URL) {
    this.request = request;
    this.baseURL = baseURL;
    this.databaseUrl = databaseUrl;
  }

  /** A new client with its own cookie jar; writes carry the app's Origin as a browser's do. */
  async client(): Promise<APIRequestContext> {
    const context = await this.request.newContext({ baseURL: this.baseURL, extraHTTPHeaders: { Origin: new URL(this.baseURL).origin } });
    this.contexts.push(context);
    return context;
  }

  async dispose(): Promise<void> {
    await Promise.all(this.contexts.splice(0).map((context) => context.dispose()));
  }

  /** POST /api/signup (a new workspace, or a join code); expects 201. */
  async signUp(input: { name?: string; email?: string; password?: string; workspaceName?: string; joinCode?: string }): Promise<Account> {
    const account = { name: input.name ?? uniqueName(), email: (input.email ?? uniqueEmail()).toLowerCase(), password: input.password ?? TEST_PASSWORD };
    const body: Record<string, string> = { fullName: account.name, email: account.email, password: account.password };
    if (input.workspaceName !== undefined) body.workspaceName = input.workspaceName;
    if (input.joinCode !== undefined) body.joinCode = input.joinCode;
    const response = await (await this.client()).post("/api/signup", { data: body });
    await expectStatus(response, 201, `Sign-up of ${account.email}`);
    return account;
  }

  /** The development outbox's mails to `email`, newest first. */
  async mailsTo(email: string): Promise<OutboxMail[]> {
    const response = await (await this.client()).get(`/api/dev/outbox?${new URLSearchParams({ to: email.toLowerCase() })}`);
    await expectStatus(response, 200, `Reading the outbox of ${email}`);
    return ((await response.json()) as { items: OutboxMail[] }).items;
  }

  /** Waits for a mail to `email` whose subject contains `subject` and returns the newest. */
  async waitForMail(email: string, subject: string, options: { after?: Date } = {}): Promise<OutboxMail> {
    let found: OutboxMail | undefined;
    await expect
      .poll(
        async () => {
          found = (await this.mailsTo(email)).find((mail) => mail.subject.includes(subject) && (!options.after || new Date(mail.createdAt) >= options.after));
          return Boolean(found);
        },
        { message: `a mail "${subject}" to ${email}`, timeout: 10_000 },
      )
      .toBe(true);
    return found!;
  }

  /** Opens the mailed confirmation link, as a mail client would (no session). */
  async confirmEmail(email: string): Promise<void> {
    const mail = await this.waitForMail(email, "Confirm your email");
    const response = await (await this.client()).get(linkIn(mail.text, "/api/auth/verify-email"));
    expect(response.status(), `confirming ${email}`).toBeLessThan(400);
  }

  /** A client signed in with email and password. */
  async signIn(email: string, password: string): Promise<APIRequestContext> {
    const client = await this.client();
    const response = await client.post("/api/auth/sign-in/email", { data: { email, password } });
    await expectStatus(response, 200, `Sign-in of ${email}`);
    return client;
  }

  /** A confirmed admin of a new workspace, with a signed-in API client and the join code. */
  async createAdmin(input: { name?: string; email?: string; workspaceName?: string } = {}): Promise<AdminAccount> {
    const workspaceName = input.workspaceName ?? uniqueName("Workspace");
    const account = await this.signUp({ ...input, workspaceName });
    await this.confirmEmail(account.email);
    const client = await this.signIn(account.email, account.password);
    const settings = await client.get("/api/admin/workspace");
    await expectStatus(settings, 200, "Reading the workspace settings");
    const { joinCode } = (await settings.json()) as { joinCode: string };
    return { ...account, workspaceName, joinCode, client };
  }

  /** Signs up with the join code (and confirms the email unless told not to): a pending member. */
  async createPendingJoiner(joinCode: string, input: { name?: string; email?: string; confirm?: boolean } = {}): Promise<Account> {
    const account = await this.signUp({ ...input, joinCode });
    if (input.confirm !== false) await this.confirmEmail(account.email);
    return account;
  }

  /** The admin approves the pending member with this email, with `role`. */
  async approve(admin: AdminAccount, email: string, role: MemberRole): Promise<void> {
    const list = await admin.client.get("/api/admin/approvals");
    await expectStatus(list, 200, "Listing pending approvals");
    const pending = ((await list.json()) as { items: { memberId: string; email: string }[] }).items.find((item) => item.email === email.toLowerCase());
    if (!pending) throw new Error(`${email} is not waiting for approval in ${admin.workspaceName}`);
    const approved = await admin.client.post(`/api/admin/approvals/${pending.memberId}/approve`, { data: { role } });
    await expectStatus(approved, 200, `Approving ${email} as ${role}`);
  }

  /** An approved member with `role` (in a new workspace unless an admin is given). */
  async createMember(role: MemberRole, input: { admin?: AdminAccount; name?: string; email?: string } = {}): Promise<MemberAccount> {
    const admin = input.admin ?? (await this.createAdmin());
    const account = await this.createPendingJoiner(admin.joinCode, input);
    await this.approve(admin, account.email, role);
    return { ...account, role, admin };
  }

  /** A confirmed account whose role in its workspace is `role` (admins start their own). */
  async createAccount(role: MemberRole): Promise<Account & { role: MemberRole }> {
    if (role === "admin") return { ...(await this.createAdmin()), role };
    return this.createMember(role);
  }

  /** `npm run user:devops -- EMAIL`, the product's command, against the server's database. */
  async makeDevops(email: string): Promise<void> {
    const { stdout } = await execFileAsync(NODE_BIN, ["scripts/user-devops.ts", email], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: this.databaseUrl, DATA_DIR: E2E_DATA_DIR, LOG_LEVEL: "warn" },
    });
    expect(stdout).toContain(`${email} is now a devops account.`);
  }
}
