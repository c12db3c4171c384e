import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./src/server/db/schema.ts",
    "./src/server/db/billing-schema.ts",
    "./src/server/db/pay-schema.ts",
    "./src/server/db/health-schema.ts",
    "./src/server/db/alerts-schema.ts",
    "./src/server/db/crm-schema.ts",
    "./src/server/db/growth-schema.ts",
    "./src/server/db/resources-schema.ts",
    "./src/server/db/counts-schema.ts",
  ],
  out: "./src/server/db/migrations",
});
