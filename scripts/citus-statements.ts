/**
 * `npm run db:citus-statements`: prints the statements that distribute Glassroom's schema
 * on a Citus cluster (src/server/db/distribution.ts), to paste into docs/scaling.md, whose copy
 * src/server/db/distribution-keys.test.ts compares with them.
 */
import { citusStatements, LOCAL_TABLES } from "../src/server/db/distribution.ts";

process.stdout.write(`${citusStatements().join("\n")}\n`);
process.stdout.write(`-- Stay on the coordinator (local tables): ${Object.keys(LOCAL_TABLES).join(", ")}; and pg-boss's schema.\n`);
