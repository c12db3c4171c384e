import { expect, expectAccessible, field, signInThroughForm, test } from "./support/fixtures.ts";

test("an admin sets the session policies in Settings: kept after a reload, the shared schema's message for a bad value", async ({ page, api }) => {
  const admin = await api.createAdmin();
  await signInThroughForm(page, admin);
  await expect(page).toHaveURL("/admin/dashboard");
  await page.goto("/admin/settings");
  const section = page.getByRole("region", { name: "Session policies" });
  const leadTime = field(page, "Reminder lead time (hours)");
  await expect(leadTime).toHaveValue("24");
  await expect(field(page, "Keep recordings")).toBeChecked();
  await expectAccessible(page);

  // A value outside 1–168: the message of sessionSettingsUpdateSchema, on the field, nothing saved.
  await leadTime.fill("200");
  await section.getByRole("button", { name: "Save session policies" }).click();
  await expect(section.getByText("Reminder lead time must be at most 168 hours (7 days).")).toBeVisible();
  await expect(leadTime).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  await leadTime.fill("48");
  await field(page, "Delete recordings after a number of days").check();
  await field(page, "Delete recordings after (days)").fill("90");
  await section.getByRole("button", { name: "Save session policies" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Session policies saved" })).toBeVisible();

  await page.reload();
  await expect(field(page, "Reminder lead time (hours)")).toHaveValue("48");
  await expect(field(page, "Delete recordings after (days)")).toHaveValue("90");
  await expect(field(page, "Late-cancellation notice (hours)")).toHaveValue("24");
  const saved = await admin.client.get("/api/admin/session-policy");
  expect(await saved.json()).toEqual({ lateCancellationHours: 24, reminderLeadHours: 48, summaryRequiresReview: false, recordingRetentionDays: 90 });
});
