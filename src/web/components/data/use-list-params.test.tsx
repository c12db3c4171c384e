import { act, screen, waitFor } from "@testing-library/react";
import { useEffect } from "react";
import { describe, expect, it } from "vitest";
import { renderWithRouter } from "../../test/render.tsx";
import { readListParams, useListParams, writeListParams } from "./use-list-params.ts";

const CHOICES = { role: ["tutor", "parent"], status: ["active", "paused", "former"] } as const;

describe("list params in the address", () => {
  it("read what is valid and ignore the rest", () => {
    expect(readListParams(new URLSearchParams("q=%20Ann%20&status=paused&page=3"), CHOICES)).toEqual({ q: "Ann", role: null, status: "paused", page: 3 });
    expect(readListParams(new URLSearchParams("role=admin&status=gone&page=-2"), CHOICES)).toEqual({ q: "", role: null, status: null, page: 1 });
    expect(readListParams(new URLSearchParams("page=2.5"), CHOICES).page).toBe(1);
    expect(readListParams(new URLSearchParams(`q=${"x".repeat(150)}`), CHOICES).q).toHaveLength(100);
  });

  it("read a filter whose values are records through its test", () => {
    const choices = { tutor: (value: string) => /^[a-z0-9-]+$/.test(value) };
    expect(readListParams(new URLSearchParams("tutor=member-7"), choices).tutor).toBe("member-7");
    expect(readListParams(new URLSearchParams("tutor=%3Cscript%3E"), choices).tutor).toBeNull();
    expect(writeListParams({ q: "", tutor: "member-7", page: 1 }, choices).toString()).toBe("tutor=member-7");
  });

  it("write only what differs from the defaults", () => {
    expect(writeListParams({ q: "", role: null, status: null, page: 1 }, CHOICES).toString()).toBe("");
    expect(writeListParams({ q: "Ann Lee", role: "tutor", status: "former", page: 2 }, CHOICES).toString()).toBe("q=Ann+Lee&role=tutor&status=former&page=2");
  });
});

/** The hook's state on screen, and its setters at hand. */
let list: ReturnType<typeof useListParams<typeof CHOICES>>;
function Probe() {
  const current = useListParams(CHOICES);
  useEffect(() => {
    list = current;
  });
  return (
    <p>
      search: {current.search}; page: {current.params.page}; {current.filtered ? "filtered" : "everything"}
    </p>
  );
}

const searchOf = (router: ReturnType<typeof renderWithRouter>["router"]) => router.state.location.search;

describe("useListParams", () => {
  it("reads the list from the URL", () => {
    renderWithRouter(<Probe />, { at: "/members?q=ann&role=tutor&page=4" });
    expect(list.params).toEqual({ q: "ann", role: "tutor", status: null, page: 4 });
    expect(screen.getByText("search: ann; page: 4; filtered")).toBeTruthy();
  });

  it("sends the search after typing stops, then a filter keeps it; both start again at page 1", async () => {
    const { router } = renderWithRouter(<Probe />, { at: "/members?page=3" });
    act(() => list.setSearch("An"));
    act(() => list.setSearch("Ann "));
    expect(screen.getByText(/search: Ann ;/)).toBeTruthy();
    expect(searchOf(router)).toBe("?page=3");
    await waitFor(() => expect(searchOf(router)).toBe("?q=Ann"));

    act(() => list.setPage(2));
    expect(searchOf(router)).toBe("?q=Ann&page=2");
    act(() => list.setFilter("status", "paused"));
    expect(searchOf(router)).toBe("?q=Ann&status=paused");
    await waitFor(() => expect(list.params).toEqual({ q: "Ann", role: null, status: "paused", page: 1 }));
  });

  it("a search sent after a filter change keeps the filter, and two changes in a row both stay", async () => {
    const { router } = renderWithRouter(<Probe />, { at: "/members?role=tutor&page=2" });
    act(() => {
      list.setSearch("lee");
      list.setFilter("role", null);
      list.setFilter("status", "active");
    });
    expect(searchOf(router)).toBe("?status=active");
    await waitFor(() => expect(searchOf(router)).toBe("?q=lee&status=active"));
    await waitFor(() => expect(list.params).toEqual({ q: "lee", role: null, status: "active", page: 1 }));
  });

  it("clears the search and every filter at once", async () => {
    const { router } = renderWithRouter(<Probe />, { at: "/members?q=ann&role=parent&status=former&page=5" });
    act(() => list.clear());
    expect(searchOf(router)).toBe("");
    await waitFor(() => expect(screen.getByText("search: ; page: 1; everything")).toBeTruthy());
  });

  it("shows a search changed elsewhere (Back) in the box", async () => {
    const { router } = renderWithRouter(<Probe />, { at: "/members" });
    act(() => list.setSearch("ann"));
    await waitFor(() => expect(searchOf(router)).toBe("?q=ann"));
    act(() => list.setFilter("role", "tutor"));
    await act(() => router.navigate("/members?q=bob"));
    expect(screen.getByText(/search: bob;/)).toBeTruthy();
  });
});
