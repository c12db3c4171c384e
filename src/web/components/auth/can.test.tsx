import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../../shared/permissions.ts";
import { renderWithRouter } from "../../test/render.tsx";
import { viewerAs, withViewer } from "../../test/viewer.tsx";
import { Can } from "./can.tsx";

const settingsButton = (
  <Can permission="admin:settings:write" otherwise={<p>Ask an admin</p>}>
    <button type="button">Edit workspace</button>
  </Can>
);

describe("Can", () => {
  it("shows its children to a role that holds the permission", () => {
    renderWithRouter(withViewer(settingsButton, viewerAs("admin")));
    expect(screen.getByRole("button", { name: "Edit workspace" })).toBeTruthy();
    expect(screen.queryByText("Ask an admin")).toBeNull();
  });

  it("shows the alternative, never the children, to every role without it", () => {
    for (const role of ["tutor", "parent", "student"] as const) {
      expect((PERMISSIONS[role] as readonly string[]).includes("admin:settings:write")).toBe(false);
      const view = renderWithRouter(withViewer(settingsButton, viewerAs(role)));
      expect(screen.queryByRole("button", { name: "Edit workspace" })).toBeNull();
      expect(screen.getByText("Ask an admin")).toBeTruthy();
      view.unmount();
    }
  });

  it("reads the shared permission table: a tutor holds their own settings, not an admin's", () => {
    renderWithRouter(
      withViewer(
        <>
          <Can permission="tutor:settings:write">
            <p>Teaching profile</p>
          </Can>
          <Can permission="admin:members:write">
            <p>Members</p>
          </Can>
        </>,
        viewerAs("tutor"),
      ),
    );
    expect(screen.getByText("Teaching profile")).toBeTruthy();
    expect(screen.queryByText("Members")).toBeNull();
  });

  it("shows nothing without a signed-in viewer", () => {
    renderWithRouter(withViewer(settingsButton, null));
    expect(screen.queryByRole("button", { name: "Edit workspace" })).toBeNull();
  });
});
