import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithRouter } from "../../test/render.tsx";
import { viewerAs, withViewer } from "../../test/viewer.tsx";
import { UserMenu } from "./user-menu.tsx";

// happy-dom lays nothing out, so Floating UI takes the menu's button for detached and Mantine
// hides the open dropdown with display: none: the items are found with `hidden: true`, and the
// button's aria-expanded tells whether the menu is open.
const accountButton = () => screen.getByRole("button", { name: "Account menu for Ada Lovelace" });

describe("the account menu", () => {
  it("shows its button at once and opens on the first click, once its code has loaded", async () => {
    const { user } = renderWithRouter(withViewer(<UserMenu />, viewerAs("tutor")));
    expect(accountButton().getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("menuitem", { name: "Sign out", hidden: true })).toBeNull();
    await user.click(accountButton());
    expect(await screen.findByRole("menuitem", { name: "Sign out", hidden: true })).toBeTruthy();
    expect(accountButton().getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("menuitem", { name: "Settings", hidden: true }).getAttribute("href")).toBe("/tutor/settings");
    expect(screen.getByText("ada@example.com")).toBeTruthy();
  });

  it("closes and opens again like any menu once loaded", async () => {
    const { user } = renderWithRouter(withViewer(<UserMenu />, viewerAs("parent")));
    await user.click(accountButton());
    await screen.findByRole("menuitem", { name: "Sign out", hidden: true });
    await user.keyboard("{Escape}");
    await expect.poll(() => accountButton().getAttribute("aria-expanded")).toBe("false");
    await user.click(accountButton());
    await expect.poll(() => accountButton().getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("menuitem", { name: "Settings", hidden: true }).getAttribute("href")).toBe("/parent/settings");
  });
});
