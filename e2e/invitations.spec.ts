import type { Locator } from "@playwright/test";
import { readFileSync } from "node:fs";
import { unzipSync, strFromU8 } from "fflate";
import { expireInvitation } from "../tests/invitation-factories.ts";
import { uniqueEmail, uniqueName, workspaceIdOf } from "./support/api.ts";
import { DATABASE_URL, TEST_PASSWORD } from "./support/constants.ts";
import { addStudent, invitationLink, invite, readStudentAsAdmin } from "./support/family.ts";
import { escapeRegExp, expect, expectAccessible, field, signInThroughForm, submitLoginForm, test } from "./support/fixtures.ts";
import { screenshots } from "./support/screens.ts";

/** The control labelled `label` inside a dialog or section. */
const inside = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));

test.describe("@invitations inviting people", () => {
  test("@invitations admin invites a parent for a student → sign-up from the mail → confirmed → the child, the access log and the ZIP", async ({
    page,
    browser,
    api,
  }) => {
    const admin = await api.createAdmin();
    const student = await addStudent(admin, { name: uniqueName("Robin"), grade: "Year 8", subjects: ["Maths", "Physics"], goals: "Grade 7 in maths." });
    await readStudentAsAdmin(admin, student.id);
    const parent = { name: uniqueName("Parent"), email: uniqueEmail("parent") };

    // The admin sends the invitation from /admin/members.
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Members" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
    await expect(page.getByRole("rowheader", { name: new RegExp(escapeRegExp(admin.name)) })).toBeVisible();
    await expect(page.getByText("No invitations yet.")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "members");

    await page.getByRole("button", { name: "Invite someone" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Invite someone" });
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog.getByText("Email is required.")).toBeVisible();
    await expect(dialog.getByText("Choose a role.")).toBeVisible();
    await inside(dialog, "Email").fill(parent.email);
    await inside(dialog, "Role").click();
    await page.getByRole("option", { name: "Parent", exact: true }).click();
    await inside(dialog, "Student").click();
    await inside(dialog, "Student").fill(student.name.split(" ")[1]!);
    await page.getByRole("option", { name: new RegExp(escapeRegExp(student.name)) }).click();
    await expectAccessible(page);
    await screenshots(page, "invite-dialog");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByText("Invitation sent")).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: parent.email });
    await expect(row.getByText("Pending")).toBeVisible();
    await expect(row.getByText(student.name)).toBeVisible();

    // Inviting the same address again is refused next to the field, with what was typed kept.
    await page.getByRole("button", { name: "Invite someone" }).first().click();
    await inside(dialog, "Email").fill(parent.email);
    await inside(dialog, "Role").click();
    await page.getByRole("option", { name: "Tutor", exact: true }).click();
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(inside(dialog, "Email")).toHaveAccessibleDescription(/already/i);
    await expect(inside(dialog, "Email")).toHaveValue(parent.email);
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // The parent opens the mailed link in a browser of their own and signs up there.
    const link = await invitationLink(api, parent.email);
    const parentContext = await browser.newContext();
    try {
      const parentPage = await parentContext.newPage();
      await parentPage.goto(link);
      await expect(parentPage.getByRole("heading", { level: 1, name: `Join ${admin.workspaceName}` })).toBeVisible();
      await expect(parentPage.getByText(`${admin.name} invited you to join ${admin.workspaceName} as a parent of ${student.name}.`)).toBeVisible();
      await expect(field(parentPage, "Email")).toHaveValue(parent.email);
      await expectAccessible(parentPage);
      await screenshots(parentPage, "invite-signup");
      await parentPage.getByRole("button", { name: "Create account and join" }).click();
      await expect(parentPage.getByText("Full name is required.")).toBeVisible();
      await field(parentPage, "Full name").fill(parent.name);
      await field(parentPage, "Password").fill(TEST_PASSWORD);
      // The invitation link proved the address: no confirmation mail, signed in at once.
      await parentPage.getByRole("button", { name: "Create account and join" }).click();
      await expect(parentPage).toHaveURL("/parent/dashboard");
      await parentPage.getByRole("link", { name: "My students" }).first().click();
      await expect(parentPage.getByRole("heading", { level: 1, name: "My students" })).toBeVisible();
      const card = parentPage.getByRole("listitem").filter({ hasText: student.name });
      await expect(card.getByText("Maths, Physics")).toBeVisible();
      await expectAccessible(parentPage);
      await screenshots(parentPage, "parent-students");

      await card.getByRole("link", { name: student.name }).click();
      await expect(parentPage.getByRole("heading", { level: 1, name: student.name })).toBeVisible();
      await expect(parentPage.getByText("Grade 7 in maths.")).toBeVisible();
      const log = parentPage.getByRole("region", { name: "Who looked at or changed this record" });
      // The admin's read before the invitation, and the parent's own read just now.
      await expect(log.getByText(admin.name).first()).toBeVisible();
      await expect(log.getByText(parent.name).first()).toBeVisible();
      await expectAccessible(parentPage);
      await screenshots(parentPage, "parent-student");

      const [download] = await Promise.all([parentPage.waitForEvent("download"), parentPage.getByRole("link", { name: "Download all data (ZIP)" }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.zip$/);
      const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
      expect(Object.keys(files)).toEqual(expect.arrayContaining(["student.json", "access-log.csv"]));
      expect(strFromU8(files["student.json"]!)).toContain(student.name);
    } finally {
      await parentContext.close();
    }

    // Back with the admin: the invitation is accepted.
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: parent.email }).getByText("Accepted", { exact: true })).toBeVisible();
  });

  test("@invitations an existing account: signed in as someone else → sign out → sign in to accept → accepted → tutor dashboard", async ({ page, api }) => {
    const admin = await api.createAdmin();
    const existing = await api.createAdmin(); // An account with a workspace of its own.
    const other = await api.createAdmin();
    await invite(admin, { email: existing.email, role: "tutor" });
    const link = await invitationLink(api, existing.email);

    await signInThroughForm(page, other);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "This invitation is for another account" })).toBeVisible();
    await expect(page.getByText(`You are signed in as ${other.email}`)).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "invite-wrong-account");
    await page.getByRole("button", { name: "Sign out" }).click();

    await expect(page.getByRole("heading", { level: 1, name: `Join ${admin.workspaceName}` })).toBeVisible();
    await expect(page.getByText("You already have a Glassroom account with this email address.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Sign in to accept" }).click();
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByText(`Sign in as ${existing.email} to accept your invitation to ${admin.workspaceName}.`)).toBeVisible();
    await submitLoginForm(page, existing);

    await expect(page).toHaveURL(link.replace(/^https?:\/\/[^/]+/, ""));
    await expect(page.getByText(`${admin.name} invited you to join ${admin.workspaceName} as a tutor.`)).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "invite-accept");
    await page.getByRole("button", { name: "Accept invitation" }).click();
    await expect(page).toHaveURL("/tutor/dashboard");
    await expect(page.getByText(admin.workspaceName).first()).toBeVisible();

    // An accepted link says so.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "This invitation was already accepted" })).toBeVisible();
    await expectAccessible(page);
  });

  test("@invitations resend and revoke; a revoked or unknown link says so", async ({ page, api }) => {
    const admin = await api.createAdmin();
    const email = uniqueEmail("revoked");
    await invite(admin, { email, role: "student" });
    const firstLink = await invitationLink(api, email);

    await signInThroughForm(page, admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/admin/members");
    const row = page.getByRole("row").filter({ hasText: email });
    const resentAfter = new Date(Date.now() - 1000);
    await row.getByRole("button", { name: `Resend the invitation to ${email}` }).click();
    await expect(page.getByText("Invitation resent")).toBeVisible();
    const secondLink = await invitationLink(api, email, { after: resentAfter });
    expect(secondLink).not.toBe(firstLink);

    await row.getByRole("button", { name: `Revoke the invitation to ${email}` }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke this invitation?" });
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Revoke invitation" }).click();
    await expect(page.getByText("Invitation revoked")).toBeVisible();
    await expect(row.getByText("Revoked", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);

    await page.goto(secondLink);
    await expect(page.getByRole("heading", { level: 1, name: "This invitation was withdrawn" })).toBeVisible();
    await expectAccessible(page);
    await page.goto(firstLink);
    await expect(page.getByRole("heading", { level: 1, name: /not valid|withdrawn/ })).toBeVisible();
    await page.goto("/invite?token=not-a-real-token-but-long-enough");
    await expect(page.getByRole("heading", { level: 1, name: "This invitation link is not valid" })).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "invite-invalid");
    await page.goto("/invite");
    await expect(page.getByRole("heading", { level: 1, name: "This invitation link is not valid" })).toBeVisible();
  });

  test("@invitations an expired invitation says so, in a colour that reads in both colour schemes, in the table and on a phone", async ({ page, api }) => {
    const admin = await api.createAdmin();
    const email = uniqueEmail("expired");
    const invitation = await invite(admin, { email, role: "tutor" });
    // Seven days without an answer, without waiting them.
    await expireInvitation(DATABASE_URL, await workspaceIdOf(admin.client), invitation.id);

    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/admin/members");
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row.getByText("Expired", { exact: true })).toBeVisible();
    await expect(row).toContainText("expired");
    // It can be sent again, not revoked.
    await expect(row.getByRole("button", { name: `Resend the invitation to ${email}` })).toBeVisible();
    await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);
    await expectAccessible(page, { inBothColourSchemes: true });

    // On a phone the invitations stack as cards, each with its state.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.getByRole("list", { name: "Invitations" }).getByRole("listitem").filter({ hasText: email });
    await expect(card.getByText("Expired", { exact: true })).toBeVisible();
    await expectAccessible(page, { inBothColourSchemes: true });
    await screenshots(page, "invitation-expired");
  });
});
