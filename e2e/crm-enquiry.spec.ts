import { sideways } from "./support/widths.ts";
import { uniqueName } from "./support/api.ts";
import { expect, expectAccessible, field, signInThroughForm, test } from "./support/fixtures.ts";

/**
 * A workspace's enquiry page: a visitor enquires with JavaScript off (the plain form post,
 * its refusals listed on the page again) and on (each refusal under its field); each enquiry
 * becomes a lead with its first-response task, the owner is mailed; the admin finds the page's
 * address and embed snippet in the settings.
 */
test.describe("@crm the workspace enquiry page", () => {
  test("@crm a visitor enquires with JavaScript off and on; the leads arrive with their tasks; the settings give the embed", async ({ browser, page, api }) => {
    const workspaceName = uniqueName("Enquiry Tutors");
    const admin = await api.createAdmin({ workspaceName });
    const { slug } = (await (await admin.client.get("/api/admin/workspace")).json()) as { slug: string };

    // JavaScript off: the server's page and a plain form post.
    const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const plain = await noScript.newPage();
    await plain.goto(`/enquire/${slug}?utm_source=flyer&utm_campaign=spring`);
    await expect(plain.getByRole("heading", { level: 1 })).toHaveText(`Enquire with ${workspaceName}`);
    await expect(plain).toHaveTitle(`Enquire with ${workspaceName}`);
    await plain.getByRole("button", { name: "Send enquiry" }).click();
    await expect(plain.getByRole("alert")).toContainText("Your enquiry was not sent");
    await expect(plain.getByRole("alert")).toContainText("Agree to be contacted about your enquiry.");
    await field(plain, "Your name").fill("Nadia Noscript");
    await field(plain, "Student's name").fill("Nico Noscript");
    await field(plain, "Email").fill("nadia.noscript@example.com");
    await field(plain, "Subjects").fill("Chemistry, Biology");
    await plain.getByLabel(`I agree that ${workspaceName} may contact me about this enquiry.`).check();
    await plain.getByRole("button", { name: "Send enquiry" }).click();
    await expect(plain).toHaveURL(`/enquire/${slug}/sent`);
    await expect(plain.getByRole("heading", { level: 1 })).toHaveText("Enquiry sent");
    await noScript.close();

    // JavaScript on, on a phone: refusals under their fields, then the notice in place.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/enquire/${slug}`);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByText("Agree to be contacted about your enquiry.")).toBeVisible();
    await expect(field(page, "Your name")).toBeFocused();
    await field(page, "Your name").fill("Jonah Script");
    await field(page, "Email").fill("jonah.script@example.com");
    await field(page, "Preferred times").fill("Saturday mornings");
    await page.getByLabel(`I agree that ${workspaceName} may contact me about this enquiry.`).check();
    await page.getByRole("button", { name: "Send enquiry" }).click();
    await expect(page.getByRole("heading", { name: "Enquiry sent" })).toBeFocused();
    await expectAccessible(page);
    expect((await sideways(page)).overflow).toBe(0);

    await api.waitForMail(admin.email, `New enquiry for ${workspaceName}: Nadia Noscript (for Nico Noscript)`);
    await api.waitForMail(admin.email, `New enquiry for ${workspaceName}: Jonah Script`);
    const leads = (await (await admin.client.get("/api/admin/crm/leads")).json()) as { items: { guardianName: string; source: string }[] };
    expect(leads.items.map((lead) => [lead.guardianName, lead.source])).toEqual([
      ["Jonah Script", "enquiry_page"],
      ["Nadia Noscript", "campaign"],
    ]);
    const tasks = (await (await admin.client.get("/api/admin/crm/tasks")).json()) as { items: { kind: string }[] };
    expect(tasks.items.map((task) => task.kind)).toEqual(["first_response", "first_response"]);

    // The admin's settings: the page's address and the snippet for the business's website.
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/admin/settings#crm-settings");
    await expect(field(page, "Enquiry page address")).toHaveValue(new RegExp(`/enquire/${slug}$`));
    await expect(field(page, "Embed on your website")).toHaveValue(new RegExp(`<iframe src="[^"]+/enquire/${slug}"`));
    await expectAccessible(page);
  });
});
