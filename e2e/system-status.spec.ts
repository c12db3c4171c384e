import { createFailedMail } from "../tests/job-factories.ts";
import { uniqueEmail, uniqueName, workspaceIdOf } from "./support/api.ts";
import { DATABASE_URL } from "./support/constants.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { checkWidths } from "./support/screens.ts";

test.describe("@system the system status", () => {
  test("@system an admin reads the workspace's status, finds a mail the mail server refused and sends it again", async ({ page, api }) => {
    test.setTimeout(90_000);
    const admin = await api.createAdmin();
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "System" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "System" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Status" })).toHaveAttribute("aria-selected", "true");

    await expect(page.getByRole("region", { name: "Version", exact: true })).toContainText("1.0.0");
    await expect(page.getByRole("region", { name: "Database", exact: true }).getByText("Reachable")).toBeVisible();
    await expect(page.getByRole("region", { name: "Mail", exact: true })).toContainText("Log only");
    await expect(page.getByRole("region", { name: "Storage", exact: true })).toContainText("The server's disk");
    const failedMails = page.getByRole("region", { name: "Failed mails" });
    await expect(failedMails.getByText("No failed mails")).toBeVisible();
    const jobs = page.getByRole("region", { name: "Background jobs" });
    await expect(jobs.getByRole("rowheader", { name: "session-reminders" })).toBeVisible();
    await expect(jobs.getByRole("row", { name: /session-reminders/ })).toContainText("Every minute");
    await expectAccessible(page);

    // A mail about the workspace that the mail server refused after every attempt.
    const bounce = uniqueEmail("bounce");
    await createFailedMail(DATABASE_URL, {
      to: bounce,
      subject: "Invoice INV-0001 from your tutor",
      organizationId: await workspaceIdOf(admin.client),
      error: `550 5.1.1 <${bounce}>: Recipient address rejected: User unknown in virtual mailbox table`,
    });
    await page.getByRole("button", { name: "Check again" }).click();
    const row = failedMails.getByRole("row", { name: new RegExp(bounce) });
    await expect(row).toContainText("Invoice INV-0001 from your tutor");
    await expect(row).toContainText("Recipient address rejected");
    await expect(page.getByRole("region", { name: "Mail", exact: true }).getByText("1 failed mail")).toBeVisible();
    await checkWidths(page, "system-status");
    await expectAccessible(page);

    await row.getByRole("button", { name: `Send again the mail to ${bounce}` }).click();
    const dialog = page.getByRole("dialog", { name: "Send this mail again?" });
    await expect(dialog).toContainText(`“Invoice INV-0001 from your tutor” to ${bounce}`);
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Send again" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Mail queued again")).toBeVisible();
    await expect(failedMails.getByText("No failed mails")).toBeVisible();
    // The transport of the e2e server keeps it in the development outbox: it went out.
    await api.waitForMail(bounce, "Invoice INV-0001");

    // The audit log, in its own tab (kept in the address), says who sent it again.
    await page.getByRole("tab", { name: "Audit log" }).click();
    await expect(page).toHaveURL("/admin/system?tab=audit");
    await expect(page.getByRole("region", { name: "Audit log" }).getByRole("cell", { name: "Failed mail sent again" })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("tab", { name: "Status" })).toHaveAttribute("aria-selected", "true");
  });

  test("@system a devops account reads the whole install at /platform/system; nobody else may", async ({ page, api, browser }) => {
    test.setTimeout(90_000);
    const workspace = await api.createAdmin({ workspaceName: uniqueName("Harbour Tutoring") });
    const bounce = uniqueEmail("bounce");
    await createFailedMail(DATABASE_URL, {
      to: bounce,
      subject: "Reminder: Chemistry tomorrow at 16:00",
      organizationId: await workspaceIdOf(workspace.client),
      error: "connect ECONNREFUSED 10.0.0.25:587",
    });
    const devops = await api.createAdmin();
    await api.makeDevops(devops.email);
    await signInThroughForm(page, devops);
    await expect(page).toHaveURL("/admin/dashboard");

    await page.goto("/platform/inbox");
    await page.getByRole("navigation", { name: "Platform" }).getByRole("link", { name: "Platform status" }).click();
    await expect(page).toHaveURL("/platform/system");
    await expect(page.getByRole("heading", { level: 1, name: "Platform status" })).toBeVisible();
    const row = page.getByRole("region", { name: "Failed mails" }).getByRole("row", { name: new RegExp(bounce) });
    await expect(row).toContainText(workspace.workspaceName);
    await expect(row).toContainText("ECONNREFUSED");
    await expect(page.getByRole("region", { name: "Storage", exact: true })).toContainText("Workspaces counted");
    await expectAccessible(page);
    await checkWidths(page, "platform-system");
    await page.getByRole("navigation", { name: "Platform" }).getByRole("link", { name: "Platform inbox" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Platform inbox" })).toBeVisible();

    // An admin who is not devops is turned away, and so is the API.
    const context = await browser.newContext();
    const other = await context.newPage();
    await signInThroughForm(other, workspace);
    await expect(other).toHaveURL("/admin/dashboard");
    await other.goto("/platform/system");
    await expect(other.getByText("The platform system status is for devops (platform) accounts only.")).toBeVisible();
    expect((await other.request.get("/api/platform/system/status")).status()).toBe(403);
    await context.close();
  });
});
