import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe("money in the database", () => {
  it("every column of an amount (named *_minor) is a bigint of whole minor units", async () => {
    const columns = (
      await app.db.execute<{ table_name: string; column_name: string; data_type: string }>(sql`
        select table_name, column_name, data_type from information_schema.columns
        where table_schema = 'public' and column_name like '%\\_minor' order by table_name, column_name`)
    ).rows;
    expect(columns.map((column) => `${column.table_name}.${column.column_name}`)).toEqual(
      expect.arrayContaining(["assignment.rate_override_minor", "tutor_profile.charge_rate_minor", "tutor_profile.pay_rate_minor"]),
    );
    expect(columns.filter((column) => column.data_type !== "bigint")).toEqual([]);
  });
});
