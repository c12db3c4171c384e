import { samplePdf } from "../tests/resource-factories.ts";
import { calendarWorkspace, studentLogin } from "./support/calendar.ts";
import { linkGuardian, memberIdOf } from "./support/family.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { checkWidths } from "./support/screens.ts";

test.describe("@resources the library", () => {
  test("@resources an admin adds a policy for parents (a renamed program refused), finds it by its words, and sees a parent acknowledge it; a tutor shares a link with a student", async ({
    page,
    browser,
    api,
  }) => {
    test.setTimeout(120_000);
    const { admin, tutor, student } = await calendarWorkspace(api);
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
    const pupil = await studentLogin(api, admin, student.id);

    await signInThroughForm(page, admin);
    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Resources", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Resources" })).toBeVisible();
    await expect(page.getByText("No resources yet.")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Add resource" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add a resource" });
    const fileInput = dialog.locator("input[type=file]");
    // Refused here by its type, and by the server for what it holds.
    await fileInput.setInputFiles({ name: "setup.exe", mimeType: "application/x-msdownload", buffer: Buffer.from("MZ program") });
    await dialog.getByLabel("Category").fill("Policies");
    await dialog.getByRole("checkbox", { name: "Parents" }).check();
    await dialog.getByRole("button", { name: "Add resource" }).click();
    await expect(dialog.getByText(/This is not a file the library accepts/)).toBeVisible();
    await fileInput.setInputFiles({ name: "policy.pdf", mimeType: "application/pdf", buffer: Buffer.from("MZ a program renamed policy.pdf") });
    await dialog.getByRole("button", { name: "Add resource" }).click();
    await expect(dialog.getByRole("alert")).toContainText("The file's content is not PDF (application/pdf), whatever its name says.");
    await expectAccessible(page);

    const pdf = await samplePdf("Sessions cancelled with less than twenty-four hours notice are charged in full.", "Cancellation policy");
    await fileInput.setInputFiles({ name: "cancellation-policy.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdf) });
    await expect(dialog.getByLabel("Title")).toHaveValue("cancellation policy");
    await dialog.getByLabel("Title").fill("Cancellation policy");
    await dialog.getByLabel("Ask them to acknowledge it").check();
    await dialog.getByRole("button", { name: "Add resource" }).click();
    await expect(dialog).toBeHidden();
    const list = page.getByRole("list", { name: "Resources" });
    await expect(list.getByRole("button", { name: "Cancellation policy" })).toBeVisible();

    // The PDF's own words find it once the job has read them.
    await page.getByRole("searchbox", { name: "Search" }).fill("twenty-four");
    await expect(page).toHaveURL("/admin/resources?q=twenty-four");
    await expect(async () => {
      await page.reload();
      await expect(list.getByRole("button", { name: "Cancellation policy" })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(list.locator("mark").first()).toContainText("twenty");

    // The parent reads it in the browser and acknowledges it.
    const parentPage = await browser.newPage();
    await signInThroughForm(parentPage, parent);
    await expect(parentPage).toHaveURL("/parent/dashboard");
    // The dashboard names what awaits them; its link opens the document in their library.
    await parentPage.getByRole("alert").filter({ hasText: "A document to read and acknowledge" }).getByRole("link", { name: "Cancellation policy" }).click();
    await expect(parentPage).toHaveURL(/\/parent\/resources\?resource=/);
    const awaiting = parentPage.getByRole("alert").filter({ hasText: "One document to read and acknowledge" });
    await expect(awaiting).toBeVisible();
    const opened = parentPage.getByRole("dialog", { name: "Cancellation policy" });
    await opened.getByRole("button", { name: "Preview" }).click();
    await expect(opened.locator("iframe[title='Cancellation policy, version 1']")).toBeVisible();
    await expectAccessible(parentPage, { exclude: ["iframe"] });
    await expect(opened.getByRole("button", { name: "Acknowledge" })).toBeDisabled();
    await opened.getByRole("checkbox", { name: "I have read version 1 of “Cancellation policy”" }).check();
    await opened.getByRole("button", { name: "Acknowledge" }).click();
    await expect(opened.getByText(/^You acknowledged version 1 on /)).toBeVisible();
    await opened.getByRole("button", { name: "Close" }).click();
    await expect(awaiting).toBeHidden();
    await checkWidths(parentPage, "parent-resources");
    await parentPage.close();

    // The admin sees who has.
    await page.getByRole("searchbox", { name: "Search" }).fill("");
    await expect(page).toHaveURL("/admin/resources");
    await expect(list).not.toHaveAttribute("aria-busy", "true");
    await list.getByRole("button", { name: "Cancellation policy" }).click();
    const detail = page.getByRole("dialog", { name: "Cancellation policy" });
    await expect(detail.getByText("1 of 1 person has acknowledged it; 0 not yet.")).toBeVisible();
    await expect(detail.getByRole("table", { name: "People it is for" })).toContainText(parent.name);
    await expectAccessible(page);
    await checkWidths(page, "admin-resource");

    // A tutor shares a link with their student, who finds it in their own resources.
    const tutorPage = await browser.newPage();
    await signInThroughForm(tutorPage, tutor);
    await expect(tutorPage).toHaveURL("/tutor/dashboard");
    await tutorPage.goto("/tutor/resources");
    await tutorPage.getByRole("button", { name: "Add resource" }).first().click();
    const share = tutorPage.getByRole("dialog", { name: "Add a resource" });
    await share.getByText("Add a link", { exact: true }).click();
    await share.getByRole("textbox", { name: "Link" }).fill("https://example.com/fractions");
    await share.getByLabel("Title").fill("Fractions practice");
    await share.getByLabel("Category").fill("Worksheets");
    await share.getByLabel(/^Share with/).fill(student.name.slice(0, 6));
    await tutorPage.getByRole("option", { name: student.name }).click();
    // The list stays open for more picks; leaving the field closes it.
    await share.getByLabel(/^Title/).click();
    await share.getByRole("button", { name: "Add resource" }).click();
    await expect(share).toBeHidden();
    await expect(tutorPage.getByRole("list", { name: "Resources and handbooks" }).getByText(`Shared by ${tutor.name}`)).toBeVisible();
    await tutorPage.close();

    const pupilPage = await browser.newPage();
    await signInThroughForm(pupilPage, pupil);
    await expect(pupilPage).toHaveURL("/student/dashboard");
    await pupilPage.getByRole("navigation", { name: "Student navigation" }).getByRole("link", { name: "Resources", exact: true }).click();
    await expect(pupilPage.getByRole("list", { name: "Resources" }).getByRole("button", { name: "Fractions practice" })).toBeVisible();
    await expect(pupilPage.getByText("Cancellation policy")).toBeHidden();
    await expectAccessible(pupilPage);
    await pupilPage.close();
  });
});
