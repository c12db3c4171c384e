import { uniqueEmail } from "./support/api.ts";
import { addStudent, assign, invitationLink, invite, linkGuardian, memberIdOf, readStudentAsAdmin, signUpInvited } from "./support/family.ts";
import { expect, expectAccessible, field, signInThroughForm, test } from "./support/fixtures.ts";
import { screenshots } from "./support/screens.ts";

test.describe("@family records as families and tutors see them", () => {
  test("@family a parent sees only their children; another child's URL is not found", async ({ page, api }) => {
    const admin = await api.createAdmin();
    const parent = await api.createMember("parent", { admin });
    const child = await addStudent(admin, { grade: "Year 5", school: "Hill Primary" });
    const other = await addStudent(admin);
    await linkGuardian(admin, child.id, await memberIdOf(admin, parent.email));
    await readStudentAsAdmin(admin, child.id);

    await signInThroughForm(page, parent);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The dashboard shows the parent's children, and only them.
    const children = page.getByRole("list", { name: "Students", exact: true });
    await expect(children.getByRole("link", { name: child.name })).toBeVisible();
    await expect(children.getByRole("link", { name: other.name })).toHaveCount(0);
    await expectAccessible(page);
    await page.goto("/parent/students");
    await expect(page.getByRole("link", { name: child.name })).toBeVisible();
    await expect(page.getByRole("link", { name: other.name })).toHaveCount(0);

    await page.goto(`/parent/students/${other.id}`);
    await expect(page.getByRole("heading", { name: "Student not found" })).toBeVisible();
    await expect(page.getByText(other.name)).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, "parent-not-found");
    await page.getByRole("link", { name: "Back to my students" }).click();
    await expect(page).toHaveURL("/parent/students");
  });

  test("@family a parent with no linked child sees how a child gets linked", async ({ page, loginAs }) => {
    await loginAs(page, "parent");
    await page.goto("/parent/students");
    await expect(page.getByText("No child is linked to your account yet.")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "parent-empty");
  });

  test("@family a tutor sees only assigned students, read-only; edits teaching profile and availability", async ({ page, api }) => {
    const admin = await api.createAdmin();
    const tutor = await api.createMember("tutor", { admin });
    const assigned = await addStudent(admin, { subjects: ["Chemistry"], goals: "Pass the mock exam." });
    const notAssigned = await addStudent(admin);
    await assign(admin, await memberIdOf(admin, tutor.email), assigned.id, "Chemistry");

    await signInThroughForm(page, tutor);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 2, name: "Your students" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Students", exact: true }).getByRole("link", { name: assigned.name })).toBeVisible();
    await expect(page.getByRole("link", { name: notAssigned.name })).toHaveCount(0);
    await page.getByRole("link", { name: "My students" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "My students" })).toBeVisible();
    await expect(page.getByRole("link", { name: assigned.name })).toBeVisible();
    await expect(page.getByRole("link", { name: notAssigned.name })).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, "tutor-students");

    await page.getByRole("link", { name: assigned.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: assigned.name })).toBeVisible();
    await expect(page.getByText("Pass the mock exam.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Tutors" }).getByText(tutor.name)).toBeVisible();
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, "tutor-student");

    await page.goto(`/tutor/students/${notAssigned.id}`);
    await expect(page.getByRole("heading", { name: "Student not found" })).toBeVisible();
    await expectAccessible(page);

    // Settings: teaching profile, then the week.
    await page.goto("/tutor/settings");
    const profile = page.getByRole("region", { name: "Teaching profile" });
    const subjects = profile.getByRole("combobox", { name: "Subjects" });
    await subjects.pressSequentially("Chemistry,");
    await subjects.pressSequentially("Biology");
    await subjects.press("Enter");
    await field(page, "Bio").fill("Ten years of GCSE and A-level sciences.");
    await profile.getByRole("button", { name: "Save teaching profile" }).click();
    await expect(page.getByText("Teaching profile saved")).toBeVisible();

    const week = page.getByRole("region", { name: "Weekly availability" });
    await week.getByRole("button", { name: "Add time on Monday" }).click();
    await week.getByRole("button", { name: "Add time on Monday" }).click();
    await week.getByLabel("From, Monday slot 2").fill("16:30");
    await week.getByRole("button", { name: "Save availability" }).click();
    await expect(week.getByText("Slots on Monday overlap.")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "tutor-settings");
    await week.getByRole("button", { name: "Remove Monday slot 2" }).click();
    await week.getByRole("button", { name: "Add time on Wednesday" }).click();
    await week.getByRole("button", { name: "Save availability" }).click();
    await expect(page.getByText("Availability saved")).toBeVisible();

    await page.reload();
    await expect(page.getByRole("region", { name: "Weekly availability" }).getByLabel("From, Wednesday slot 1")).toHaveValue("16:00");
    await expect(page.getByRole("region", { name: "Teaching profile" }).getByText("Biology")).toBeVisible();
    await expect(page.getByRole("region", { name: "Teaching profile" }).getByText("Chemistry")).toBeVisible();
    await expect(field(page, "Bio")).toHaveValue("Ten years of GCSE and A-level sciences.");
  });

  test("@family a student sees their own record and its access log; without a record, a clear empty state", async ({ page, browser, api }) => {
    const admin = await api.createAdmin();
    const record = await addStudent(admin, { grade: "Year 11", subjects: ["English"] });
    const email = uniqueEmail("student");
    await invite(admin, { email, role: "student", studentId: record.id });
    const student = await signUpInvited(api, await invitationLink(api, email), { email });
    await readStudentAsAdmin(admin, record.id);

    await signInThroughForm(page, student);
    await expect(page).toHaveURL("/student/dashboard");
    await page.getByRole("link", { name: "My profile" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "My profile" })).toBeVisible();
    await expect(page.getByText(record.name).first()).toBeVisible();
    await expect(page.getByText("Year 11")).toBeVisible();
    const log = page.getByRole("region", { name: "Who looked at or changed this record" });
    await expect(log.getByText(admin.name).first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "student-profile");

    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      const unlinked = await api.createMember("student", { admin });
      await signInThroughForm(other, unlinked);
      await expect(other).toHaveURL(/\/dashboard$/);
      await other.goto("/student/profile");
      await expect(other.getByText("No student record is linked to your account yet.")).toBeVisible();
      await expectAccessible(other);
      await screenshots(other, "student-profile-empty");
    } finally {
      await context.close();
    }
  });
});
