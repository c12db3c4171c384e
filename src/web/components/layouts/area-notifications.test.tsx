import { act, screen } from "@testing-library/react";
import { notifications } from "@mantine/notifications";
import { afterEach, describe, expect, it } from "vitest";
import { notifySuccess } from "../../lib/notify.ts";
import { renderWithRouter } from "../../test/render.tsx";
import { AreaNotifications } from "./area-notifications.tsx";

afterEach(() => act(() => notifications.clean()));

describe("the areas' notifications", () => {
  it("render nothing until the first notification, then show it once their container has loaded", async () => {
    renderWithRouter(<AreaNotifications />);
    expect(screen.queryByRole("alert")).toBeNull();
    act(() => {
      notifySuccess("Report saved", "The family sees it now.");
    });
    expect(await screen.findByText("Report saved")).toBeTruthy();
    expect(screen.getByText("The family sees it now.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Close notification" })).toBeTruthy();
  });
});
