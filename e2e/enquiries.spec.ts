import type { Page } from "@playwright/test";
import { findPublicRoute } from "../src/shared/public-routes.ts";
import { uniqueEmail, uniqueName } from "./support/api.ts";
import { OPERATOR_EMAIL } from "./support/constants.ts";
import { expect, expectAccessible, field, signInThroughForm, test } from "./support/fixtures.ts";

/** The page answers 200 with its h1, title and description, every local link resolves, and axe passes. */
async function expectGoodPage(page: Page, request: { get(url: string): Promise<{ status(): number }> }, path: string, h1: RegExp): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
  await expect(page).toHaveTitle(`${findPublicRoute(path)!.title} · Glassroom`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", findPublicRoute(path)!.description);
  const hrefs = await page.locator("a[href]").evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")!))]);
  const local = new Set(hrefs.filter((href) => href.startsWith("/") && !href.startsWith("//")).map((href) => href.split("#")[0]!));
  for (const href of local) expect((await request.get(href)).status(), href).toBe(200);
  await expectAccessible(page);
}

/** What the page's <noscript> holds (as text: see the JavaScript-off test). */
const noscriptText = (page: Page) => page.locator("noscript").evaluateAll((elements) => elements.map((element) => element.textContent).join(" "));

test.describe("@enquiries the contact and affiliate forms, and the platform inbox", () => {
  test.describe.configure({ mode: "serial" });
  const contactName = uniqueName("Contact");
  const affiliateName = uniqueName("Affiliate");

  test("@enquiries /company/contact: a refusal, then the message is sent and mailed to the operator", async ({ page, request, api }) => {
    await expectGoodPage(page, request, "/company/contact", /^Contact the Glassroom team$/);

    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Name is required.")).toBeVisible();
    await expect(page.getByText("Email is required.")).toBeVisible();
    await expect(page.getByText("Topic is required: choose sales, support, partnership, press or other.")).toBeVisible();
    await expect(page.getByText("Message is required.")).toBeVisible();
    await expect(field(page, "Your name")).toBeFocused();
    await expectAccessible(page);

    await field(page, "Your name").fill(contactName);
    await expect(page.getByText("Name is required.")).toBeHidden();
    await field(page, "Email").fill(uniqueEmail("contact"));
    await field(page, "Topic").selectOption({ label: "Plans and pricing" });
    await field(page, "Message").fill("Too short");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Message must be at least 10 characters.")).toBeVisible();
    await expect(field(page, "Message")).toBeFocused();

    await field(page, "Message").fill("We are four tutors in Bristol. Can parents see the session summaries on the Solo plan?");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("heading", { name: "Message sent" })).toBeFocused();
    await expect(page.getByRole("status")).toContainText("We answer by email");
    await expectAccessible(page);

    const mail = await api.waitForMail(OPERATOR_EMAIL, `Contact (Plans and pricing) from ${contactName}`);
    expect(mail.text).toContain("Can parents see the session summaries on the Solo plan?");
  });

  test("@enquiries /partners/affiliates: the programme reads, a refusal, then the application is sent and mailed", async ({ page, request, api }) => {
    await expectGoodPage(page, request, "/partners/affiliates", /^Affiliate programme: 25% recurring commission$/);
    await expect(page.getByRole("heading", { level: 2, name: "The terms in plain words" })).toBeVisible();

    await field(page, "Your name").fill(affiliateName);
    await field(page, "Email").fill(uniqueEmail("affiliate"));
    await field(page, "Website or audience URL").fill("tutor-newsletter");
    await field(page, "Country").fill("Ireland");
    await field(page, "Your audience").fill("Around 2,500 independent tutors read my fortnightly newsletter.");
    await field(page, "How you will promote Glassroom").fill("A review in the newsletter and a workshop on running a practice.");
    await page.getByRole("button", { name: "Apply to the programme" }).click();
    await expect(page.getByText("Website must be a web address starting with http:// or https://.")).toBeVisible();
    await expect(page.getByText("Agree to the affiliate programme terms to apply.")).toBeVisible();
    await expect(field(page, "Website or audience URL")).toBeFocused();
    await expectAccessible(page);

    await field(page, "Website or audience URL").fill("https://tutor-newsletter.example");
    await page.getByRole("checkbox", { name: /I have read the programme terms/ }).check();
    await page.getByRole("button", { name: "Apply to the programme" }).click();
    await expect(page.getByRole("heading", { name: "Application received" })).toBeFocused();
    await expectAccessible(page);

    const mail = await api.waitForMail(OPERATOR_EMAIL, `Affiliate application from ${affiliateName}`);
    expect(mail.text).toContain("https://tutor-newsletter.example");
  });

  test("@enquiries with JavaScript off both pages read, and carry the notice that the form needs JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/partners/affiliates");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Affiliate programme: 25% recurring commission");
    await expect(page.getByText("For as long as the workspace keeps its paid subscription")).toBeVisible();
    // Playwright turns off script execution, not the HTML parser's scripting flag, so Chromium
    // parses <noscript> as text here: read it there (a browser with JavaScript off shows it).
    expect(await noscriptText(page)).toContain("This form needs JavaScript to send your application.");
    await page.goto("/company/contact");
    await expect(page.getByText("Our goal is to answer within two working days")).toBeVisible();
    expect(await noscriptText(page)).toContain("This form needs JavaScript to send your message.");
    await context.close();
  });

  test("@enquiries a devops account reads both in the platform inbox, filtered by kind", async ({ page, api }) => {
    const devops = await api.createAdmin();
    await api.makeDevops(devops.email);
    await signInThroughForm(page, devops);
    await expect(page).toHaveURL("/admin/dashboard");

    await page.goto("/platform/inbox");
    await expect(page.getByRole("heading", { level: 1, name: "Platform inbox" })).toBeVisible();
    await expect(page).toHaveTitle("Platform inbox · Glassroom");
    const contact = page.getByRole("article", { name: contactName });
    await expect(contact).toContainText("Can parents see the session summaries on the Solo plan?");
    await expect(contact).toContainText("Plans and pricing");
    const affiliate = page.getByRole("article", { name: affiliateName });
    await expect(affiliate).toContainText("https://tutor-newsletter.example");
    await expect(affiliate).toContainText("Ireland");
    await expectAccessible(page);

    await field(page, "Show").selectOption({ label: "Contact messages" });
    await expect(page.getByRole("article", { name: affiliateName })).toBeHidden();
    await expect(page.getByRole("article", { name: contactName })).toBeVisible();
    await field(page, "Show").selectOption({ label: "Affiliate applications" });
    await expect(page.getByRole("article", { name: contactName })).toBeHidden();
    await expect(page.getByRole("article", { name: affiliateName })).toBeVisible();
  });

  test("@enquiries a visitor, and a workspace admin, get no inbox", async ({ page, api, request }) => {
    await page.goto("/platform/inbox");
    await expect(page).toHaveURL(/\/login\?/);
    expect((await request.get("/api/platform/enquiries")).status()).toBe(401);

    const admin = await api.createAdmin();
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/platform/inbox");
    await expect(page).toHaveURL(/\/permission-denied\?/);
    await expect(page.getByText("The platform inbox is for devops (platform) accounts only.")).toBeVisible();
    await expect(page.getByText(contactName)).toHaveCount(0);
    expect((await page.request.get("/api/platform/enquiries")).status()).toBe(403);
  });
});
