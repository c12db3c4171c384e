import { Button, Modal } from "@mantine/core";
import { notifications, useNotifications } from "@mantine/notifications";
import { act, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "../../test/render.tsx";
import { useOnDemand } from "./use-on-demand.ts";

afterEach(() => act(() => notifications.clean()));

/** What a lazily imported dialog module looks like to the screen that loads it. */
const dialogModule = {
  NoteDialog: ({ opened, onClose }: { opened: boolean; onClose: () => void }) => (
    <Modal opened={opened} onClose={onClose} title="Add a note">
      <Button onClick={onClose}>Save the note</Button>
    </Modal>
  ),
};

function NoteButton({ importModule }: { importModule: () => Promise<typeof dialogModule> }) {
  const [opened, setOpened] = useState(false);
  const dialog = useOnDemand(importModule);
  return (
    <>
      <Button onClick={() => dialog.whenLoaded(() => setOpened(true))} {...dialog.prefetch}>
        Add a note
      </Button>
      {dialog.module ? <dialog.module.NoteDialog opened={opened} onClose={() => setOpened(false)} /> : null}
    </>
  );
}

/** The notifications' titles in Mantine's store (the areas show them; nothing renders them here). */
function NotificationTitles() {
  const { notifications: shown } = useNotifications();
  return (
    <ul aria-label="Notifications">
      {shown.map((item) => (
        <li key={item.id}>{String(item.title)}</li>
      ))}
    </ul>
  );
}

describe("useOnDemand: code loaded when the user asks for it", () => {
  it("loads nothing with the page, loads once on the click, opens the dialog and gives the focus back when it closes", async () => {
    const importModule = vi.fn(() => Promise.resolve(dialogModule));
    const { user } = renderWithRouter(<NoteButton importModule={importModule} />);
    expect(importModule).not.toHaveBeenCalled();

    const opener = screen.getByRole("button", { name: "Add a note" });
    await user.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Add a note" });
    expect(dialog).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save the note" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    expect(await screen.findByRole("dialog", { name: "Add a note" })).toBeTruthy();
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it("starts loading when the button is pointed at or focused, before any click", async () => {
    const hovered = vi.fn(() => Promise.resolve(dialogModule));
    const first = renderWithRouter(<NoteButton importModule={hovered} />);
    await first.user.hover(screen.getByRole("button", { name: "Add a note" }));
    expect(hovered).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    first.unmount();

    const focused = vi.fn(() => Promise.resolve(dialogModule));
    const second = renderWithRouter(<NoteButton importModule={focused} />);
    await second.user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add a note" }));
    expect(focused).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says so when a click's load fails (a failed prefetch says nothing), and loads it on the next click", async () => {
    const importModule = vi
      .fn<() => Promise<typeof dialogModule>>()
      .mockRejectedValueOnce(new Error("Failed to fetch"))
      .mockRejectedValueOnce(new Error("Failed to fetch"))
      .mockResolvedValue(dialogModule);
    const { user } = renderWithRouter(
      <>
        <NoteButton importModule={importModule} />
        <NotificationTitles />
      </>,
    );
    await user.tab();
    await waitFor(() => expect(importModule).toHaveBeenCalledTimes(1));
    expect(screen.queryByText("Could not open it")).toBeNull();

    await user.keyboard("{Enter}");
    expect(await screen.findByText("Could not open it")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();

    await user.keyboard("{Enter}");
    expect(await screen.findByRole("dialog", { name: "Add a note" })).toBeTruthy();
    expect(importModule).toHaveBeenCalledTimes(3);
  });
});
