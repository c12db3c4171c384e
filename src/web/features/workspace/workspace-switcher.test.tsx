import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithRouter } from "../../test/render.tsx";
import { viewerAs, withViewer } from "../../test/viewer.tsx";
import { WorkspaceSwitcher } from "./workspace-switcher.tsx";

describe("the workspace switcher", () => {
  it("shows nothing, not even the select's place, to a member of one workspace", () => {
    const { container } = renderWithRouter(withViewer(<WorkspaceSwitcher />, viewerAs("tutor")));
    expect(screen.queryByLabelText("Active workspace")).toBeNull();
    expect(container.querySelector("div > div")).toBeNull();
  });

  it("offers the workspaces of a member of several, the active one chosen, once its select has loaded", async () => {
    const me = viewerAs("tutor");
    const second = { ...me.activeWorkspace!, id: "workspace-2", name: "Evening Classes", slug: "evening-classes", role: "parent" as const };
    renderWithRouter(withViewer(<WorkspaceSwitcher />, { ...me, workspaces: [me.activeWorkspace!, second] }));
    const select = (await screen.findByLabelText("Active workspace")) as HTMLInputElement;
    expect(select.value).toBe("Bright Tutors (tutor)");
  });
});
