import { chromium } from "@playwright/test";
const base = "http://localhost:3000";
const [email, paths, prefix] = [process.argv[2], process.argv[3].split(","), process.argv[4]];
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const width of [1440, 390]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${base}/login`);
  await page.getByRole("textbox", { name: /^Email/ }).fill(email);
  await page.getByLabel(/^Password/).first().fill("Brightpath-Demo-2026");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/dashboard/);
  for (const [index, path] of paths.entries()) {
    await page.goto(`${base}${path}`);
    await page.waitForTimeout(3000);
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    console.log(width, path, "sideways:", scroll);
    await page.screenshot({ path: `/tmp/${prefix}-${index}-${width}.png`, fullPage: width === 1440 });
  }
  await page.close();
}
await browser.close();
