/**
 * `npm run screenshots:product`: the product pages' screenshots (public/screenshots/*.webp),
 * taken from the running demo (`npm run demo`, ./data-demo) so that they show the real app
 * and can be refreshed after a change to a screen.
 *
 * Starts the demo on a port of its own (DEMO_SCREENSHOT_PORT, 3917 by default), signs in as
 * the demo's accounts in headless Chromium (Debian's /usr/bin/chromium), captures each screen
 * at 1280 × 800 in the light scheme and encodes it as WebP at 1280 and 800 px wide in Chromium itself (a canvas's
 * toDataURL: no image library to download), then stops the demo.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium, type Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_TUTORS } from "./demo-data.ts";

const root = path.resolve(import.meta.dirname, "..");
const OUT_DIR = path.join(root, "public/screenshots");
const PORT = Number(process.env.DEMO_SCREENSHOT_PORT ?? 3917);
const BASE = `http://localhost:${PORT}`;
const VIEWPORT = { width: 1280, height: 800 };
const TUTOR = DEMO_TUTORS[0]!.email;
const PARENT = "laura.bennett@example.com";
const CHILD = "Ethan Bennett";

/** The demo writes its marker when the seed has finished (scripts/demo.ts); then the server must answer. */
async function waitForDemo(): Promise<void> {
  for (let waited = 0; waited < 300_000; waited += 1000) {
    try {
      if (existsSync(path.join(root, "data-demo/demo-seeded.json")) && (await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(1000);
  }
  throw new Error(`The demo did not answer on ${BASE} within five minutes.`);
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${BASE}/login`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/(admin|tutor|parent|student)\/dashboard/);
}

/** A JSON answer of the API, read in the signed-in page. */
async function apiGet<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (address) => {
    const res = await fetch(address, { credentials: "include" });
    if (!res.ok) throw new Error(`${address}: ${res.status}`);
    return (await res.json()) as unknown;
  }, url) as Promise<T>;
}

/** Scrolls the page so that the heading named `name` is near the top of the viewport. */
async function scrollToHeading(page: Page, name: RegExp): Promise<void> {
  const heading = page.getByRole("heading", { name }).first();
  await heading.waitFor();
  await heading.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 90));
}

/**
 * The widths each screenshot is kept at (the pages offer both, srcset): 1280 for wide screens
 * and sharp displays, 800 for phones (a 380 px wide image at a phone's 1.75 pixel ratio), about
 * a third of the bytes. The Screenshot component (features/marketing/screenshot.tsx) names them.
 */
const WIDTHS = [1280, 800] as const;

/** The viewport as WebP (quality 0.8) at each of WIDTHS, encoded by Chromium's canvas. */
async function saveWebp(page: Page, name: string): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(0, 0);
  // The development server's floating Switch Role button is not part of the product's screens.
  await page
    .getByRole("button", { name: "Switch Role" })
    .evaluateAll((buttons) => buttons.forEach((button) => ((button as HTMLElement).style.display = "none")));
  const png = await page.screenshot({ type: "png" });
  for (const width of WIDTHS) {
    const dataUrl = await page.evaluate(
      async ({ base64, width }) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = width;
        canvas.height = Math.round((image.naturalHeight * width) / image.naturalWidth);
        const context = canvas.getContext("2d")!;
        context.imageSmoothingQuality = "high";
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        return canvas.toDataURL("image/webp", 0.8);
      },
      { base64: png.toString("base64"), width },
    );
    const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
    const file = width === WIDTHS[0] ? `${name}.webp` : `${name}-${width}.webp`;
    writeFileSync(path.join(OUT_DIR, file), bytes);
    process.stdout.write(`public/screenshots/${file}: ${Math.round(bytes.length / 1024)} KB\n`);
  }
}

interface Item {
  id: string;
  name: string;
}

const demo = spawn("npm", ["run", "demo"], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), APP_URL: BASE, RATE_LIMIT_MULTIPLIER: "100", STRIPE_DOUBLE_PORT: String(PORT + 1) },
  stdio: ["ignore", "inherit", "inherit"],
  detached: true,
});
const stopDemo = () => {
  try {
    if (demo.pid) process.kill(-demo.pid, "SIGTERM");
  } catch {
    // already gone
  }
};

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
try {
  await waitForDemo();
  mkdirSync(OUT_DIR, { recursive: true });
  const context = () =>
    browser.newContext({ viewport: VIEWPORT, colorScheme: "light", reducedMotion: "reduce", timezoneId: "America/Chicago", locale: "en-US" });

  // A tutor: the Jobs calendar's week, then a reported session with its summary.
  const tutor = await (await context()).newPage();
  await signIn(tutor, TUTOR);
  await tutor.goto(`${BASE}/tutor/calendar`);
  await tutor.getByRole("heading", { level: 1 }).waitFor();
  await saveWebp(tutor, "tutor-calendar");
  const now = Date.now();
  const day = 24 * 60 * 60 * 1000;
  const past = await apiGet<{ items: (Item & { status: string; startsAt: string })[] }>(
    tutor,
    `${BASE}/api/tutor/sessions?from=${new Date(now - 20 * day).toISOString()}&to=${new Date(now - 8 * day).toISOString()}`,
  );
  const reported = past.items.find((session) => session.status === "completed");
  if (!reported) throw new Error("The demo tutor has no reported session in the past weeks.");
  await tutor.goto(`${BASE}/tutor/sessions/${reported.id}`);
  await tutor.getByRole("heading", { level: 1 }).waitFor();
  await scrollToHeading(tutor, /^Session report$/);
  await saveWebp(tutor, "session-report");

  // A parent: their child's page, with the shared summaries and the access log.
  const parent = await (await context()).newPage();
  await signIn(parent, PARENT);
  const children = await apiGet<Item[] | { items: Item[] }>(parent, `${BASE}/api/parent/students`);
  const child = (Array.isArray(children) ? children : children.items).find((item) => item.name === CHILD);
  if (!child) throw new Error(`${PARENT} has no child named ${CHILD}.`);
  await parent.goto(`${BASE}/parent/students/${child.id}`);
  await parent.getByRole("heading", { level: 1 }).waitFor();
  await scrollToHeading(parent, /summar/i);
  await saveWebp(parent, "parent-child");

  // The admin: the students list, then a student's record with its access log.
  const admin = await (await context()).newPage();
  await signIn(admin, DEMO_ADMIN.email);
  await admin.goto(`${BASE}/admin/students`);
  await admin.getByRole("heading", { level: 1 }).waitFor();
  await admin.getByRole("link", { name: CHILD }).first().waitFor();
  await saveWebp(admin, "admin-students");
  await admin.getByRole("link", { name: CHILD }).first().click();
  await admin.getByRole("heading", { level: 1, name: new RegExp(CHILD) }).waitFor();
  await scrollToHeading(admin, /access log/i);
  await saveWebp(admin, "student-record");
} finally {
  await browser.close();
  stopDemo();
}
