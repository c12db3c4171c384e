import path from "node:path";
import { serve } from "@hono/node-server";
import { bootApp } from "./boot.ts";
import { startEmbeddedDatabase, type EmbeddedDatabase } from "./db/embedded.ts";
import { answeringHealthProbesFirst } from "./features/health/index.ts";
import { ConfigError, loadConfig, type Config } from "./env.ts";
import { createLogger } from "./lib/logger.ts";
import { PROJECT_ROOT } from "./project-root.ts";
import { loadWebBuild } from "./spa/serve.ts";

const WEB_ROOT = path.join(PROJECT_ROOT, "build/client");

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Glassroom cannot start: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) {
    logger.info({ dataDir: config.dataDir }, "starting the embedded PostgreSQL");
    embedded = await startEmbeddedDatabase(config.dataDir, logger);
  }
  const web = config.serveWebBuild ? loadWebBuild(WEB_ROOT) : undefined;
  if (!web && config.serveWebBuild) {
    logger.warn("no web build found in build/client: run `npm run build` (npm start does it for you)");
  }
  const { deps, app, answerHealthProbe } = await bootApp(config, config.databaseUrl ?? embedded!.url, logger, web);
  // Reminders and queued mail (src/server/jobs/registry.ts): every instance runs workers; pg-boss
  // hands each job to one of them.
  await deps.jobs.startWorkers(deps);

  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, createServer: answeringHealthProbesFirst(answerHealthProbe) }, (info) => {
    logger.info({ port: info.port, url: config.appUrl }, `Glassroom ${config.nodeEnv} server listening on ${config.appUrl}`);
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.error("in-flight requests did not finish in 10 s: closing them");
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    }, 10_000);
    force.unref();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    // Running jobs finish (up to 10 s) before the pool they use closes.
    await deps.jobs.stop();
    await deps.db.$client.end().catch(() => {});
    if (embedded) await embedded.stop().catch((error) => logger.error({ err: error }, "embedded PostgreSQL did not stop cleanly"));
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  // A configuration the database reveals (DATABASE_URL's role) is refused as the others are.
  if (error instanceof ConfigError) {
    process.stderr.write(`Glassroom cannot start: ${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`Glassroom failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
