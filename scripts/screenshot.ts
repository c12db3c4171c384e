/**
 * `npm run screenshot -- URL OUT.png [WIDTH]`: a full-page screenshot in headless Chromium,
 * for looking at screens as a user would.
 */
import { chromium } from "@playwright/test";

const [url, out, width = "1280"] = process.argv.slice(2);
if (!url || !out) {
  process.stderr.write("Usage: npm run screenshot -- URL OUT.png [WIDTH]\n");
  process.exit(1);
}
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 800 } });
await page.goto(url, { waitUntil: "networkidle" });
await page.screenshot({ path: out, fullPage: true });
await browser.close();
