import type { Config } from "@react-router/dev/config";
import { PUBLIC_ROUTES } from "./src/shared/route-table.ts";

export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  ssr: false,
  // Public pages are pre-rendered to HTML (readable without JavaScript); every other path is
  // served the SPA fallback by the Hono server.
  prerender: PUBLIC_ROUTES.filter((route) => route.layout === "public").map((route) => route.path),
} satisfies Config;
