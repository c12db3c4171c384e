import type { Locator, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { addStudent, readStudentAsAdmin } from "./support/family.ts";
import { escapeRegExp, expect, expectAccessible, field, signInThroughForm, test } from "./support/fixtures.ts";
import { screenshots } from "./support/screens.ts";

const inside = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));

/** Opens a member's action menu on /admin/members and picks an action. */
async function act(page: Page, name: string, action: string) {
  await page.getByRole("button", { name: `Actions for ${name}` }).click();
  await page
    .getByRole("menu", { name: `Actions for ${name}` })
    .getByRole("menuitem", { name: action })
    .click();
}

test.describe("@members managing members", () => {
  test("@members change a role, suspend (the member's next request is refused), reactivate, remove; your own row is locked", async ({ page, api }) => {
    // The throttled step below runs at a fortieth of the CPU.
    test.setTimeout(120_000);
    const admin = await api.createAdmin();
    const tutor = await api.createMember("tutor", { admin });
    const leaver = await api.createMember("student", { admin });
    const tutorClient = await api.signIn(tutor.email, tutor.password);

    await signInThroughForm(page, admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/admin/members");
    const tutorRow = page.getByRole("row").filter({ hasText: tutor.email });
    await expect(tutorRow.getByRole("cell", { name: "Tutor", exact: true })).toBeVisible();

    // Filters: role, then search by email.
    await page.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "Student", exact: true }).click();
    await expect(page.getByRole("row").filter({ hasText: leaver.email })).toBeVisible();
    await expect(tutorRow).toHaveCount(0);
    await expect(page).toHaveURL(/role=student/);
    // A slow phone: the list re-renders for "All roles" more slowly than the search's pause, and
    // the search sent meanwhile must keep "All roles" (it once brought the old role back).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 40 });
    await page.getByRole("combobox", { name: "Role" }).click();
    await page.getByRole("option", { name: "All roles" }).click();
    await field(page, "Search").fill(tutor.email);
    await expect(page).toHaveURL(/[?&]q=/, { timeout: 30_000 });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await expect(page).not.toHaveURL(/role=/);
    await expect(page.getByRole("row").filter({ hasText: leaver.email })).toHaveCount(0);
    await expect(tutorRow).toBeVisible();
    await field(page, "Search").fill("nobody-matches-this");
    await expect(page.getByText("No member matches these filters.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await expect(field(page, "Search")).toHaveValue("");

    // Your own row has no actions, and says why.
    const ownRow = page.getByRole("row").filter({ hasText: admin.email });
    await expect(ownRow.getByText("Only another admin can change or remove you.")).toBeVisible();
    await expect(ownRow.getByRole("button")).toHaveCount(0);

    // The keyboard opens a member's menu and closes it again.
    await page.getByRole("button", { name: `Actions for ${tutor.name}` }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu", { name: `Actions for ${tutor.name}` })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);

    // Change the tutor's role to parent.
    await act(page, tutor.name, "Change role…");
    const roleDialog = page.getByRole("dialog", { name: `Change ${tutor.name}'s role` });
    await inside(roleDialog, "New role").click();
    await page.getByRole("option", { name: "Parent", exact: true }).click();
    await expectAccessible(page);
    await screenshots(page, "members-change-role");
    await roleDialog.getByRole("button", { name: "Change role" }).click();
    await expect(page.getByText("Role changed")).toBeVisible();
    await expect(tutorRow.getByRole("cell", { name: "Parent", exact: true })).toBeVisible();

    // Suspend: the member's next request is refused, and signing in gets the pending message.
    expect((await tutorClient.get("/api/me")).status()).toBe(200);
    await act(page, tutor.name, "Suspend…");
    const suspendDialog = page.getByRole("dialog", { name: `Suspend ${tutor.name}?` });
    await expectAccessible(page);
    await suspendDialog.getByRole("button", { name: "Suspend" }).click();
    await expect(page.getByText("Member suspended")).toBeVisible();
    await expect(tutorRow.getByText("Suspended")).toBeVisible();
    expect((await tutorClient.get("/api/me")).status()).toBe(401);
    const refused = await (await api.client()).post("/api/auth/sign-in/email", { data: { email: tutor.email, password: tutor.password } });
    expect(refused.status()).toBeGreaterThanOrEqual(400);

    // Status filter.
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Suspended", exact: true }).click();
    await expect(tutorRow).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: admin.email })).toHaveCount(0);
    await screenshots(page, "members-filtered");
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "All statuses" }).click();

    // Reactivate: they can sign in again.
    await act(page, tutor.name, "Reactivate…");
    await page
      .getByRole("dialog", { name: `Reactivate ${tutor.name}?` })
      .getByRole("button", { name: "Reactivate" })
      .click();
    await expect(page.getByText("Member reactivated")).toBeVisible();
    await expect(tutorRow.getByText("Active")).toBeVisible();
    await api.signIn(tutor.email, tutor.password);

    // Remove.
    await act(page, leaver.name, "Remove from workspace…");
    await page
      .getByRole("dialog", { name: `Remove ${leaver.name}?` })
      .getByRole("button", { name: "Remove member" })
      .click();
    await expect(page.getByText("Member removed")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: leaver.email })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("@members the last admin cannot be demoted: the refusal is shown in the dialog", async ({ page, api }) => {
    const admin = await api.createAdmin();
    const tutor = await api.createMember("tutor", { admin });

    // On this development server anyone may view the app as another role: the tutor acts as an admin.
    await signInThroughForm(page, tutor);
    await expect(page).toHaveURL("/tutor/dashboard");
    expect((await page.request.post("/api/me/role-override", { data: { role: "admin" } })).status()).toBe(200);
    await page.goto("/admin/members");
    await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();

    await act(page, admin.name, "Change role…");
    const dialog = page.getByRole("dialog", { name: `Change ${admin.name}'s role` });
    await inside(dialog, "New role").click();
    await page.getByRole("option", { name: "Tutor", exact: true }).click();
    await dialog.getByRole("button", { name: "Change role" }).click();
    const alert = dialog.getByRole("alert");
    await expect(alert).toContainText("Role not changed: refused");
    await expect(alert).toContainText(/last admin/i);
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "members-last-admin");

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await act(page, admin.name, "Suspend…");
    await page
      .getByRole("dialog", { name: `Suspend ${admin.name}?` })
      .getByRole("button", { name: "Suspend" })
      .click();
    await expect(page.getByRole("dialog", { name: `Suspend ${admin.name}?` }).getByRole("alert")).toContainText(/last admin/i);
  });
});

test.describe("@members the audit log", () => {
  test("@members /admin/system: filters by action, person, student and dates; Load more; CSV of the filters", async ({ page, api }) => {
    const admin = await api.createAdmin();
    const tutor = await api.createMember("tutor", { admin });
    const first = await addStudent(admin);
    const second = await addStudent(admin);
    await readStudentAsAdmin(admin, first.id);
    await readStudentAsAdmin(admin, second.id);

    await signInThroughForm(page, admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole("link", { name: "System" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "System" })).toBeVisible();
    await page.getByRole("tab", { name: "Audit log" }).click();
    await expect(page).toHaveURL(/\/admin\/system\?tab=audit$/);
    const log = page.getByRole("region", { name: "Audit log" });
    await expect(log.getByRole("cell", { name: "Student record viewed" }).first()).toBeVisible();
    await expect(log.getByRole("cell", { name: "Member approved" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "system");

    // Action.
    await page.getByRole("combobox", { name: "Action" }).click();
    await page.getByRole("option", { name: "Student record viewed", exact: true }).click();
    await expect(log.getByRole("cell", { name: "Member approved" })).toHaveCount(0);
    await expect(log.getByRole("cell", { name: "Student record viewed" })).toHaveCount(2);
    // Student.
    const studentBox = page.getByRole("combobox", { name: "Student" });
    await studentBox.click();
    await studentBox.fill(first.name.split(" ")[1]!);
    await page.getByRole("option", { name: new RegExp(escapeRegExp(first.name)) }).click();
    await expect(log.getByRole("cell", { name: "Student record viewed" })).toHaveCount(1);
    await expect(log.getByRole("cell", { name: first.name })).toBeVisible();

    // The CSV has what the filters match.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    const lines = readFileSync(await download.path(), "utf8")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("Action code");
    expect(lines[1]).toContain("STUDENT_VIEWED");
    expect(lines[1]).toContain(first.id);

    // Person: the tutor did none of this.
    await studentBox.click();
    await page.getByRole("option", { name: "Any student" }).click();
    const whoBox = page.getByRole("combobox", { name: "Who" });
    await whoBox.click();
    await whoBox.fill(tutor.email);
    await page.getByRole("option", { name: new RegExp(escapeRegExp(tutor.name)) }).click();
    await expect(page.getByText("No entries match these filters.")).toBeVisible();
    await whoBox.click();
    await page.getByRole("option", { name: "Anyone" }).click();
    await page.getByRole("combobox", { name: "Action" }).click();
    await page.getByRole("option", { name: "All actions" }).click();

    // Dates: a "to" before the "from" is named; a range in the past matches nothing.
    await field(page, "From").fill("2030-01-10");
    await field(page, "To").fill("2030-01-01");
    await expect(page.getByText("To date must not be before the from date.")).toBeVisible();
    await field(page, "From").fill("2020-01-01");
    await field(page, "To").fill("2020-01-31");
    await expect(page.getByText("No entries match these filters.")).toBeVisible();
    await expectAccessible(page);
  });

  test("@members Load more follows the cursor", async ({ page, api }) => {
    const admin = await api.createAdmin();
    const student = await addStudent(admin);
    for (let i = 0; i < 51; i++) await readStudentAsAdmin(admin, student.id);
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/admin/system?tab=audit");
    const log = page.getByRole("region", { name: "Audit log" });
    await expect(log.getByText(/^50 entries shown, newest first; older entries follow\./)).toBeVisible();
    await log.getByRole("button", { name: "Load more" }).click();
    await expect(log.getByText(/entries shown, newest first\.$/)).toBeVisible();
    await expect(log.getByRole("button", { name: "Load more" })).toHaveCount(0);
  });
});
