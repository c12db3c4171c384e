import { expect, expectAccessible, field, signInThroughForm, test } from "./support/fixtures.ts";
import { sideways } from "./support/widths.ts";

/** The day before today, as a date field takes it (the trial took place yesterday). */
function yesterday(): string {
  const day = new Date(Date.now() - 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, "0")}-${String(day.getDate()).padStart(2, "0")}`;
}

/**
 * From lead to family: the admin books a trial for a tutor's lead, the tutor files its
 * feedback (follow-up tasks appear), the admin converts the lead in one step, and the guardian
 * receives the invitation; the student's record shows the lead's history; the figures count it.
 */
test.describe("@crm a lead's trial and conversion", () => {
  test("@crm trial booked by the admin, feedback filed by the tutor, the lead converted, the guardian invited", async ({ browser, page, api }) => {
    test.setTimeout(120_000);
    const admin = await api.createAdmin();
    const tutor = await api.createMember("tutor", { admin });
    const made = await admin.client.post("/api/admin/crm/leads", {
      data: {
        guardianName: "Fiona Family",
        studentName: "Finn Family",
        email: "fiona.family@example.com",
        subjects: ["Maths"],
        source: "referral",
        consentBasis: "pre_contract",
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const leadId = ((await made.json()) as { id: string }).id;

    // The admin books yesterday's trial with the tutor (outside the tutor's hours: confirmed).
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto(`/admin/crm/leads/${leadId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Fiona Family (for Finn Family)" })).toBeVisible();
    await page.getByRole("button", { name: "Book a trial" }).click();
    const booking = page.getByRole("dialog", { name: "Book a trial for Fiona Family (for Finn Family)" });
    await field(page, "Tutor").click();
    await page.getByRole("option", { name: tutor.name }).click();
    await field(page, "Date").fill(yesterday());
    await field(page, "Start time").fill("16:00");
    await expectAccessible(page);
    await booking.getByRole("button", { name: "Book trial" }).click();
    const anyway = booking.getByRole("button", { name: "Book it anyway" });
    await expect(anyway.or(page.getByText("Trial booked").first())).toBeVisible();
    if (await anyway.isVisible()) await anyway.click();
    await expect(booking).toBeHidden();
    await expect(page.getByText("Trial booked", { exact: true }).first()).toBeVisible();

    // The tutor, who teaches the trial but does not own the lead (its page is not theirs), files
    // the feedback from the dashboard; the owner's follow-ups appear.
    const tutorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const tutorPage = await tutorContext.newPage();
    await signInThroughForm(tutorPage, tutor);
    await expect(tutorPage).toHaveURL("/tutor/dashboard");
    const awaiting = tutorPage.getByRole("list", { name: "Trials awaiting feedback" });
    await expect(awaiting).toContainText("Maths with Fiona Family (for Finn Family)");
    await awaiting.getByRole("button", { name: "File feedback for Fiona Family (for Finn Family)" }).click();
    const feedback = tutorPage.getByRole("dialog", { name: "How did the trial with Fiona Family (for Finn Family) go?" });
    await feedback.getByRole("radio", { name: "Yes" }).check();
    await feedback.getByRole("radio", { name: "Enrol" }).check();
    await field(tutorPage, "Notes").fill("Quick with fractions; needs confidence with algebra.");
    await expectAccessible(tutorPage);
    await feedback.getByRole("button", { name: "File feedback" }).click();
    await expect(feedback).toBeHidden();
    await expect(tutorPage.getByRole("list", { name: "Trials awaiting feedback" })).toBeHidden();
    expect((await sideways(tutorPage)).overflow).toBe(0);
    await tutorContext.close();

    // The admin, the lead's owner, has the follow-ups and converts in one step; the guardian is invited by mail.
    await page.reload();
    await expect(page.getByText("Follow up the trial (day 1)").first()).toBeVisible();
    await page.getByRole("button", { name: "Convert" }).click();
    const convert = page.getByRole("dialog", { name: "Convert Fiona Family (for Finn Family)" });
    await expect(field(page, "Students")).toHaveValue("Finn Family");
    await expectAccessible(page);
    await convert.getByRole("button", { name: "Convert" }).click();
    const converted = page.getByRole("dialog", { name: "Converted" });
    await expect(converted).toContainText("Students: Finn Family");
    await expect(converted).toContainText("Invitations mailed: fiona.family@example.com");
    await converted.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("button", { name: "Convert" })).toBeHidden();
    await api.waitForMail("fiona.family@example.com", `${admin.name} invited you to ${admin.workspaceName} on Glassroom`);

    // The figures count one trial that enrolled.
    await page.goto("/admin/crm?tab=figures");
    await expect(page.getByText("Trial to won").first()).toBeVisible();
    await expectAccessible(page);
  });

  test("@crm an admin imports a CSV file, skipping the refused row, and merges the duplicate it brought", async ({ page, api }) => {
    test.setTimeout(90_000);
    const admin = await api.createAdmin();
    const made = await admin.client.post("/api/admin/crm/leads", {
      data: { guardianName: "Dora Duplicate", email: "dora@example.com", source: "phone", consentBasis: "pre_contract" },
    });
    expect(made.status(), await made.text()).toBe(201);
    const keptId = ((await made.json()) as { id: string }).id;

    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/admin/crm?tab=list");
    await page.getByRole("button", { name: "Import leads" }).click();
    const dialog = page.getByRole("dialog", { name: "Import leads from a CSV file" });
    await field(page, "Or paste the file's text").fill(
      ["Guardian name,Email,Phone,Subjects", "Ivy Import,ivy@example.com,,Maths", "No Contact,,,Physics", "Dora D.,dora@example.com,07700 900222,English"].join(
        "\n",
      ),
    );
    await dialog.getByRole("button", { name: "Preview" }).click();
    await expect(dialog.getByRole("status")).toContainText("2 of 3 rows ready to import, 1 refused.");
    await expectAccessible(page);
    await expect(dialog.getByRole("button", { name: "Import 2 leads" })).toBeDisabled();
    await dialog.getByLabel("Skip the 1 refused row and import the others").check();
    await dialog.getByRole("button", { name: "Import 2 leads" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("link", { name: "Ivy Import" })).toBeVisible();

    // The imported Dora is a duplicate of the one made by phone: merged into it, her phone kept.
    await page.goto(`/admin/crm/leads/${keptId}`);
    await page.getByRole("button", { name: "Merge Dora D. into this lead" }).click();
    const merge = page.getByRole("dialog", { name: "Merge the duplicate into this lead?" });
    await expectAccessible(page);
    await merge.getByRole("button", { name: "Merge and delete the duplicate" }).click();
    await expect(merge).toBeHidden();
    await expect(page.getByText("07700 900222")).toBeVisible();
    await expect(page.getByRole("region", { name: "Possible duplicates" })).toBeHidden();
  });
});
