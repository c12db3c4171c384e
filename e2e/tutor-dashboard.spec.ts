import { calendarWorkspace } from "./support/calendar.ts";
import { addStudent, assign } from "./support/family.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { screenshots } from "./support/screens.ts";

test.describe("@dashboard the tutor's dashboard", () => {
  test("@dashboard more students than it shows: the links to the rest are underlined in their sentence, in both colour schemes, on a desktop and a phone", async ({
    page,
    api,
  }) => {
    // Seven students: the students' cards show six, the caseload five.
    const { admin, tutor, tutorMemberId } = await calendarWorkspace(api);
    for (let added = 0; added < 6; added += 1) await assign(admin, tutorMemberId, (await addStudent(admin)).id);

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughForm(page, tutor);
    await expect(page).toHaveURL("/tutor/dashboard");
    const rest = page.getByText("1 more in My students.");
    const caseloadRest = page.getByRole("region", { name: "Caseload by risk" }).getByText("2 more, at lower risk, in My students.");
    await expect(rest).toBeVisible();
    await expect(caseloadRest).toBeVisible();
    // Told apart from the dimmed sentence by more than its colour.
    for (const sentence of [rest, caseloadRest]) {
      const link = sentence.getByRole("link", { name: "My students" });
      await expect(link).toHaveAttribute("href", "/tutor/students");
      await expect(link).toHaveCSS("text-decoration-line", "underline");
    }
    await expectAccessible(page, { inBothColourSchemes: true });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rest).toBeVisible();
    await expectAccessible(page, { inBothColourSchemes: true });
    await screenshots(page, "tutor-dashboard-more-students");
  });
});
