import { chromium } from "@playwright/test";
const base = "http://localhost:3000";
const [email, path, title, prefix, preview] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const width of [1440, 390]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${base}/login`);
  await page.getByRole("textbox", { name: /^Email/ }).fill(email);
  await page.getByLabel(/^Password/).first().fill("Brightpath-Demo-2026");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/dashboard/);
  await page.goto(`${base}${path}`);
  await page.getByRole("button", { name: title, exact: true }).first().click();
  await page.waitForTimeout(1500);
  if (preview) { await page.getByRole("button", { name: "Preview" }).click(); await page.waitForTimeout(2500); }
  await page.screenshot({ path: `/tmp/${prefix}-${width}.png`, fullPage: false });
  const dialog = page.getByRole("dialog");
  console.log(width, (await dialog.innerText()).slice(0, 300).replace(/\n/g, " | "));
  await page.close();
}
await browser.close();
