import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { calendarWorkspace } from "./support/calendar.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { checkWidths, screenshots } from "./support/screens.ts";

test.describe("@export the full workspace export", () => {
  test("@export an admin exports everything, watches it become ready and downloads the zip", async ({ page, api }) => {
    test.setTimeout(90_000);
    const { admin, student } = await calendarWorkspace(api);
    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "System" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "System" })).toBeVisible();
    await page.getByRole("tab", { name: "Export" }).click();
    await expect(page).toHaveURL("/admin/system?tab=export");
    const panel = page.getByRole("tabpanel", { name: "Export" });
    await expect(panel.getByText("No export yet")).toBeVisible();
    await expect(panel.getByText(/can be downloaded for 24 hours\.$/)).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "workspace-export-empty");

    await panel.getByRole("button", { name: "Export everything" }).click();
    // The server's job builds it; the list reads itself again until it is ready.
    await expect(panel.getByText("Ready", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByRole("button", { name: "Export everything" })).toBeEnabled();
    await expect(panel.getByText(/^Expires in (23|24) hours, on /)).toBeVisible();
    await expect(panel.getByRole("cell", { name: admin.name })).toBeVisible();
    await expectAccessible(page);

    const downloading = page.waitForEvent("download");
    await panel.getByRole("link", { name: "Download" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^glassroom-export-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(["README.txt", "tables/student.csv", "tables/student.json", "tables/organization.json"]));
    expect(strFromU8(files["tables/student.csv"]!)).toContain(student.name);

    await checkWidths(page, "workspace-export");
  });
});
