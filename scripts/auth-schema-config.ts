/**
 * For `npm run auth:schema`: Better Auth's CLI reads this to print the tables the current
 * auth options need, to compare with src/server/db/auth-schema.ts after changing plugins.
 */
import { tmpdir } from "node:os";
import { createAuth } from "../src/server/auth/auth.ts";
import { systemClock } from "../src/server/core/clock.ts";
import { loadConfig } from "../src/server/env.ts";

const config = loadConfig({
  NODE_ENV: "test",
  AUTH_SECRET: "schema-generation-only-secret-0000000",
  DATA_DIR: tmpdir(),
  GOOGLE_CLIENT_ID: "schema",
  GOOGLE_CLIENT_SECRET: "schema",
});
export const auth = createAuth({ config, db: {} as never, clock: systemClock, jobs: {} as never });
