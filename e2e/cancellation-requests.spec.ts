import type { Page } from "@playwright/test";
import { addDays, calendarWorkspace, londonToday, scheduleAsAdmin } from "./support/calendar.ts";
import { clientOf, linkGuardian, memberIdOf } from "./support/family.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { checkWidths } from "./support/screens.ts";

/** A notification with this text is shown; it is then closed, so that it covers no control. */
async function notified(page: Page, text: string): Promise<void> {
  const notification = page.getByRole("alert").filter({ hasText: text });
  await expect(notification).toBeVisible();
  await notification.getByRole("button", { name: "Close notification" }).click();
  await expect(notification).toHaveCount(0);
}

test.describe("@cancellations cancellation requests", () => {
  test("@cancellations a parent asks from the session page, the tutor declines on the dashboard with a reason, the parent reads it", async ({ page, api }) => {
    test.setTimeout(150_000);
    const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
    const day = addDays(londonToday(), 4);
    const [session] = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Mathematics",
      startsAt: `${day}T16:00`,
      endsAt: `${day}T17:00`,
    });

    await signInThroughForm(page, parent);
    await expect(page).toHaveURL("/parent/dashboard");
    await page.goto(`/parent/sessions/${session!.id}`);
    const section = page.getByRole("region", { name: "Cancellation" });
    await section.getByRole("button", { name: "Ask to cancel" }).click();
    await section.getByRole("button", { name: "Send request" }).click();
    await expect(section.getByText("Reason is required.")).toBeVisible();
    await section.getByLabel("Reason").fill("A family wedding that weekend.");
    await section.getByRole("button", { name: "Send request" }).click();
    await notified(page, "Cancellation requested");
    await expect(section.getByText("Waiting for a decision")).toBeVisible();
    await expect(section).toContainText("You asked on");
    await expect(section.getByRole("button", { name: "Ask to cancel" })).toHaveCount(0);
    await expectAccessible(page);
    await checkWidths(page, "cancellation-parent-session");

    await page.context().clearCookies();
    await signInThroughForm(page, tutor);
    await expect(page).toHaveURL("/tutor/dashboard");
    const requests = page.getByRole("region", { name: "Cancellation requests" });
    const card = requests.getByRole("listitem").filter({ hasText: "A family wedding that weekend." });
    await expect(card.getByRole("link", { name: `Mathematics · ${student.name}` })).toBeVisible();
    await expect(card).toContainText(`${parent.name} (parent) asked on`);
    await expectAccessible(page);
    await checkWidths(page, "cancellation-tutor-dashboard");
    await card.getByRole("button", { name: /^Decline/ }).click();
    await card.getByRole("button", { name: "Decline request" }).click();
    await expect(card.getByText("Reason is required: the family reads it.")).toBeVisible();
    await card.getByLabel("Reason for declining").fill("The mock exam is the week after: we need this session.");
    await expectAccessible(page);
    await card.getByRole("button", { name: "Decline request" }).click();
    await notified(page, "Request declined");
    await expect(requests.getByText("No cancellation request is waiting.")).toBeVisible();

    await page.context().clearCookies();
    await signInThroughForm(page, parent);
    await expect(page).toHaveURL("/parent/dashboard");
    await page.goto(`/parent/sessions/${session!.id}`);
    await expect(section.getByText("Declined: The mock exam is the week after: we need this session.")).toBeVisible();
    await expect(section).toContainText(`By ${tutor.name}`);
    await expect(section.getByRole("button", { name: "Ask again to cancel" })).toBeVisible();
    await expectAccessible(page);
    await checkWidths(page, "cancellation-parent-declined");
  });

  test("@cancellations an admin edits the session from its page and accepts the request there: the session is cancelled", async ({ page, api }) => {
    test.setTimeout(150_000);
    const { admin, tutorMemberId, student } = await calendarWorkspace(api);
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
    const day = addDays(londonToday(), 5);
    const [session] = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Physics",
      startsAt: `${day}T10:00`,
      endsAt: `${day}T11:00`,
    });
    const parentApi = await clientOf(api, parent);
    expect(
      (await parentApi.post(`/api/parent/sessions/${session!.id}/cancellation-requests`, { data: { reason: "School trip to the museum." } })).status(),
    ).toBe(201);

    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    const dashboardCard = page.getByRole("region", { name: "Cancellation requests" }).getByRole("listitem").filter({ hasText: "School trip to the museum." });
    await expect(dashboardCard).toContainText("Physics");
    await expectAccessible(page);
    await checkWidths(page, "cancellation-admin-dashboard");
    await dashboardCard.getByRole("link", { name: new RegExp(`^Physics · ${student.name}`) }).click();
    await expect(page).toHaveURL(`/admin/sessions/${session!.id}`);

    // Edit from the session page: the calendar's own form.
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    const editor = page.getByRole("dialog", { name: "Edit session" });
    await editor.getByLabel("Location").fill("Room 12");
    await expectAccessible(page);
    await editor.getByRole("button", { name: "Save changes" }).click();
    await notified(page, "Session updated");
    await expect(page.getByRole("region", { name: "Details" })).toContainText("Room 12");

    const section = page.getByRole("region", { name: "Cancellation requests" });
    await expect(section.getByText("Waiting for a decision")).toBeVisible();
    await expect(section).toContainText(`${parent.name} (parent) asked on`);
    await expectAccessible(page);
    await checkWidths(page, "cancellation-admin-session");
    await section.getByRole("button", { name: /^Accept and cancel/ }).click();
    await notified(page, "Request accepted");
    await expect(section.getByText("Accepted", { exact: true })).toBeVisible();
    await expect(section).toContainText(`Accepted by ${admin.name}`);
    await expect(page.getByRole("button", { name: "Cancel session" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Details" })).toContainText("Requested by");
    await expectAccessible(page);
    const held = (await (await admin.client.get(`/api/admin/sessions/${session!.id}`)).json()) as { status: string; cancellationReason: string };
    expect(held).toMatchObject({ status: "cancelled", cancellationReason: `Requested by ${parent.name}: School trip to the museum.` });
  });
});
