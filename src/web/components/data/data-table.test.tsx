import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "../../test/render.tsx";
import { DataTable, type DataColumn } from "./data-table.tsx";

interface Pupil {
  id: string;
  name: string;
  grade: number;
}

const PUPILS: Pupil[] = [
  { id: "b", name: "Bea", grade: 7 },
  { id: "a", name: "Ann", grade: 9 },
  { id: "c", name: "Cal", grade: 8 },
];

const COLUMNS: DataColumn<Pupil>[] = [
  { header: "Name", rowHeader: true, cell: (pupil) => <a href={`/pupils/${pupil.id}`}>{pupil.name}</a>, sort: (a, b) => a.name.localeCompare(b.name) },
  { header: "Grade", cell: (pupil) => `Year ${pupil.grade}` },
  { header: "Actions", headerHidden: true, cell: (pupil) => <button type="button">Edit {pupil.name}</button> },
];

const table = (rows: readonly Pupil[], extra: Partial<Parameters<typeof DataTable<Pupil>>[0]> = {}) => (
  <DataTable rows={rows} columns={COLUMNS} rowKey={(pupil) => pupil.id} caption="Pupils by name." listLabel="Pupils" minWidth={400} {...extra} />
);

const rowHeaders = () => screen.getAllByRole("rowheader").map((cell) => cell.textContent);

/**
 * happy-dom lays nothing out and its ResizeObserver never reports: here every box is `boxWidth`
 * wide with `contentWidth` of content, and an observer reports once, as a browser's does on
 * its first look.
 */
function layOut(boxWidth: number, contentWidth: number) {
  vi.spyOn(HTMLElement.prototype, "clientWidth", "get").mockReturnValue(boxWidth);
  vi.spyOn(HTMLElement.prototype, "scrollWidth", "get").mockReturnValue(contentWidth);
  vi.stubGlobal(
    "ResizeObserver",
    class {
      report: () => void;
      constructor(report: () => void) {
        this.report = report;
      }
      observe() {
        queueMicrotask(this.report);
      }
      disconnect() {}
    },
  );
}

describe("DataTable", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("shows a column per header and a row per record, the first cell naming the row", () => {
    renderWithRouter(table(PUPILS));
    const grid = screen.getByRole("table", { name: "Pupils by name." });
    expect(within(grid).getAllByRole("columnheader").map((header) => header.textContent)).toEqual(["Name", "Grade", "Actions"]);
    expect(rowHeaders()).toEqual(["Bea", "Ann", "Cal"]);
    const ann = screen.getByRole("row", { name: /Ann/ });
    expect(within(ann).getByRole("cell", { name: "Year 9" })).toBeTruthy();
    expect(within(ann).getByRole("button", { name: "Edit Ann" })).toBeTruthy();
  });

  it("orders the rows by a sortable column, ascending then descending", async () => {
    const { user } = renderWithRouter(table(PUPILS));
    const nameHeader = screen.getByRole("columnheader", { name: "Name" });
    expect(nameHeader.getAttribute("aria-sort")).toBe("none");
    expect(screen.getByRole("columnheader", { name: "Grade" }).getAttribute("aria-sort")).toBeNull();

    await user.click(within(nameHeader).getByRole("button", { name: "Name" }));
    expect(rowHeaders()).toEqual(["Ann", "Bea", "Cal"]);
    expect(nameHeader.getAttribute("aria-sort")).toBe("ascending");

    await user.click(within(nameHeader).getByRole("button", { name: "Name" }));
    expect(rowHeaders()).toEqual(["Cal", "Bea", "Ann"]);
    expect(nameHeader.getAttribute("aria-sort")).toBe("descending");
  });

  it("shows the empty state when there are no rows, and no table", () => {
    renderWithRouter(table([], { empty: <p>No pupils yet.</p> }));
    expect(screen.getByText("No pupils yet.")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("shows the loading and error states, named for what they load", async () => {
    const { unmount } = renderWithRouter(table([], { loading: true, stateLabel: "pupils" }));
    expect(screen.getByRole("status", { name: "Loading pupils" })).toBeTruthy();
    unmount();

    let retried = 0;
    const { user } = renderWithRouter(table([], { error: new Error("The server is down."), onRetry: () => (retried += 1), stateLabel: "pupils" }));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Could not load pupils");
    expect(alert.textContent).toContain("The server is down.");
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(retried).toBe(1);
  });

  it("stacks the rows on a phone: a named list, each value under its column's name", () => {
    renderWithRouter(table(PUPILS), { width: 320 });
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("Pupils by name.")).toBeTruthy();
    const items = within(screen.getByRole("list", { name: "Pupils" })).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items[1]?.textContent).toBe("AnnGrade: Year 9Edit Ann");
  });

  it("stacks the rows as the caller's cards when it gives them", () => {
    renderWithRouter(table(PUPILS, { card: (pupil) => <strong>{pupil.name} in year {pupil.grade}</strong> }), { width: 320 });
    expect(within(screen.getByRole("list", { name: "Pupils" })).getAllByRole("listitem").map((item) => item.textContent)).toEqual([
      "Bea in year 7",
      "Ann in year 9",
      "Cal in year 8",
    ]);
  });

  it("opens a row's page on a click anywhere in the row", async () => {
    const { user, router } = renderWithRouter(table(PUPILS, { rowHref: (pupil) => `/pupils/${pupil.id}` }));
    await user.click(screen.getByRole("cell", { name: "Year 8" }));
    expect(router.state.location.pathname).toBe("/pupils/c");
  });

  it("makes the table's box a stop of the keyboard's, named by its caption, when the table is wider than it and scrolls", async () => {
    layOut(300, 400);
    renderWithRouter(table(PUPILS));
    const box = await screen.findByRole("region", { name: "Pupils by name." });
    expect(box.tabIndex).toBe(0);
    expect(within(box).getByRole("table", { name: "Pupils by name." })).toBeTruthy();
  });

  it("names the scrolling box as its table when the table has no caption", async () => {
    layOut(300, 400);
    renderWithRouter(table(PUPILS, { caption: undefined, "aria-label": "Pupils" }));
    expect((await screen.findByRole("region", { name: "Pupils" })).tabIndex).toBe(0);
  });

  it("leaves a table that fits out of the keyboard's order: no region, no stop", async () => {
    layOut(400, 400);
    renderWithRouter(table(PUPILS));
    const grid = screen.getByRole("table", { name: "Pupils by name." });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole("region")).toBeNull();
    expect(grid.parentElement?.hasAttribute("tabindex")).toBe(false);
  });
});
