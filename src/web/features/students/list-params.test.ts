import { describe, expect, it } from "vitest";
import { readListFilters, writeListFilters } from "./list-params.ts";

const STATUSES = ["active", "paused", "former"] as const;

describe("list filters in the address", () => {
  it("read what is valid and ignore the rest", () => {
    expect(readListFilters(new URLSearchParams("q=%20Ann%20&status=paused&page=3"), STATUSES)).toEqual({ q: "Ann", status: "paused", page: 3 });
    expect(readListFilters(new URLSearchParams("status=gone&page=-2"), STATUSES)).toEqual({ q: "", status: null, page: 1 });
    expect(readListFilters(new URLSearchParams("page=2.5"), STATUSES).page).toBe(1);
    expect(readListFilters(new URLSearchParams(`q=${"x".repeat(150)}`), STATUSES).q).toHaveLength(100);
  });
  it("write only what differs from the defaults", () => {
    expect(writeListFilters({ q: "", status: null, page: 1 }).toString()).toBe("");
    expect(writeListFilters({ q: "Ann Lee", status: "former", page: 2 }).toString()).toBe("q=Ann+Lee&status=former&page=2");
  });
});
