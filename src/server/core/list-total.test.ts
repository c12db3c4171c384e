import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import { cappedTotal, COUNTED_TOTAL_LIMIT } from "./list-total.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const rows = (count: number) => sql`select g from generate_series(1, ${count}::int) as g`;

describe("cappedTotal", () => {
  it("counts exactly up to the limit", async () => {
    expect(await cappedTotal(t.db, rows(0))).toEqual({ total: 0, totalIsAtLeast: false });
    expect(await cappedTotal(t.db, rows(37))).toEqual({ total: 37, totalIsAtLeast: false });
    expect(await cappedTotal(t.db, rows(COUNTED_TOTAL_LIMIT))).toEqual({ total: COUNTED_TOTAL_LIMIT, totalIsAtLeast: false });
  });

  it("past the limit answers one more than it and says the total is only a lower bound", async () => {
    expect(await cappedTotal(t.db, rows(COUNTED_TOTAL_LIMIT + 1))).toEqual({ total: COUNTED_TOTAL_LIMIT + 1, totalIsAtLeast: true });
    expect(await cappedTotal(t.db, rows(250_000))).toEqual({ total: COUNTED_TOTAL_LIMIT + 1, totalIsAtLeast: true });
  });

  it("counts up to a lower limit when given one", async () => {
    expect(await cappedTotal(t.db, rows(100), 100)).toEqual({ total: 100, totalIsAtLeast: false });
    expect(await cappedTotal(t.db, rows(101), 100)).toEqual({ total: 101, totalIsAtLeast: true });
  });
});
