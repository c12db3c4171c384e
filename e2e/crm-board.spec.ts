import type { Locator, Page } from "@playwright/test";
import type { AdminAccount } from "./support/api.ts";
import { notified } from "./support/calendar.ts";
import { memberIdOf } from "./support/family.ts";
import { expect, expectAccessible, field, signInThroughForm, test } from "./support/fixtures.ts";
import { checkWidths, screenshot } from "./support/screens.ts";

/** A lead made through the API, as the enquiry page or a colleague would have. */
async function addLead(admin: AdminAccount, lead: Record<string, unknown>) {
  const made = await admin.client.post("/api/admin/crm/leads", { data: { consentBasis: "pre_contract", ...lead } });
  expect(made.status(), await made.text()).toBe(201);
}

const column = (page: Page, stage: string) => page.getByRole("region", { name: stage, exact: true });

/** A pointer drag of a card's handle onto a column, in small steps as a hand moves. */
async function drag(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
  await page.mouse.up();
}

test.describe("@crm the CRM board", () => {
  test("@crm an admin adds a lead, logs a note, moves it on the board by drag, keyboard and menu (lost with a reason) and filters the list", async ({
    page,
    api,
  }) => {
    // About 40 s on a quiet machine; room for a busy one.
    test.setTimeout(90_000);
    const admin = await api.createAdmin();
    await addLead(admin, { guardianName: "Rita Referral", email: "rita@example.com", source: "referral", subjects: ["Maths"] });
    await addLead(admin, { guardianName: "Walter Walkin", phone: "07700 900111", source: "walk_in", subjects: ["Physics"] });

    // Adding a lead: a refusal on its field, then the lead's page.
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await expect(page.getByRole("region", { name: "My tasks" }).getByText("No open task: nothing to follow up.")).toBeVisible();
    await page.goto("/admin/crm");
    await page.getByRole("button", { name: "Add lead" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a lead" });
    await field(page, "Guardian's name").fill("Grace Newlead");
    await dialog.getByRole("button", { name: "Add lead" }).click();
    await expect(dialog.getByText("Give an email address or a phone number.")).toBeVisible();
    await field(page, "Email").fill("grace@example.com");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Add lead" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Grace Newlead" })).toBeVisible();
    await expect(page.getByText(/will be deleted on .* unless it is enrolled/)).toBeVisible();

    // The lead's page: a note on the timeline, with who.
    await field(page, "What to note").fill("Mother wants Saturday mornings.");
    await page.getByRole("button", { name: "Log note" }).click();
    await notified(page, "Note logged");
    const timeline = page.getByRole("list", { name: "Timeline, newest first" });
    await expect(timeline.getByRole("listitem").first()).toContainText("Mother wants Saturday mornings.");
    await expect(timeline.getByRole("listitem").first()).toContainText(admin.name);
    await expectAccessible(page);

    // The board: the new lead in New, dragged to Contacted, then by keyboard to Consultation.
    await page.getByRole("link", { name: "CRM", exact: true }).first().click();
    await expect(column(page, "New").getByRole("heading", { name: "Grace Newlead" })).toBeVisible();
    await expect(column(page, "New").getByLabel("3 leads")).toBeVisible();
    await expectAccessible(page);
    await drag(page, page.getByRole("button", { name: "Drag Grace Newlead to another stage" }), column(page, "Contacted"));
    await notified(page, "Lead moved");
    await expect(column(page, "Contacted").getByRole("heading", { name: "Grace Newlead" })).toBeVisible();

    await page.getByRole("button", { name: "Drag Grace Newlead to another stage" }).focus();
    // Each key waits for what a screen reader hears, as a person waits for the card to move.
    await page.keyboard.press("Space");
    await expect(page.getByText("Picked up Grace Newlead in Contacted.")).toBeAttached();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText("Over Consultation.")).toBeAttached();
    await page.keyboard.press("Space");
    await notified(page, "Lead moved");
    await expect(column(page, "Consultation").getByRole("heading", { name: "Grace Newlead" })).toBeVisible();

    // Lost asks the reason.
    await page.getByRole("button", { name: "Move Grace Newlead to another stage" }).click();
    await page.getByRole("menuitem", { name: "Lost" }).click();
    const reason = page.getByRole("dialog", { name: "Why was the lead lost?" });
    await reason.getByRole("button", { name: "Mark lost" }).click();
    await expect(reason.getByText("Choose why the lead is lost.")).toBeVisible();
    await reason.getByRole("radio", { name: "Price" }).check();
    await expectAccessible(page);
    await reason.getByRole("button", { name: "Mark lost" }).click();
    await notified(page, "Lead marked lost");
    await expect(column(page, "Lost").getByRole("heading", { name: "Grace Newlead" })).toBeVisible();
    await checkWidths(page, "crm-board", [1440, 390, 320]);

    // The list: filtered by source.
    await page.getByRole("tab", { name: "List" }).click();
    await field(page, "Source").click();
    await page.getByRole("option", { name: "Walk-in" }).click();
    await expect(page).toHaveURL(/source=walk_in/);
    await expect(page.getByRole("link", { name: "Walter Walkin" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Grace Newlead" })).toHaveCount(0);
    await expectAccessible(page);
    await screenshot(page, "crm-list");
  });

  test("@crm a tutor's board holds only the leads they own, and fits a phone", async ({ page, api }) => {
    const admin = await api.createAdmin();
    const tutor = await api.createMember("tutor", { admin });
    await addLead(admin, {
      guardianName: "Tara Tutorslead",
      email: "tara@example.com",
      source: "referral",
      ownerMemberId: await memberIdOf(admin, tutor.email),
    });
    await addLead(admin, { guardianName: "Adam Adminslead", email: "adam@example.com", source: "phone" });
    await signInThroughForm(page, tutor);
    await expect(page).toHaveURL("/tutor/dashboard");
    await page.goto("/tutor/crm");
    await expect(column(page, "New").getByRole("heading", { name: "Tara Tutorslead" })).toBeVisible();
    await expect(column(page, "New").getByLabel("1 lead")).toBeVisible();
    await expect(page.getByText("Adam Adminslead")).toHaveCount(0);
    await expectAccessible(page);
    await checkWidths(page, "crm-tutor-board", [390, 320]);
    // Their lead's page, on a phone too.
    await column(page, "New").getByRole("link", { name: "Tara Tutorslead" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Tara Tutorslead" })).toBeVisible();
    await expectAccessible(page);
    await checkWidths(page, "crm-tutor-lead", [1440, 390, 320]);
  });
});
