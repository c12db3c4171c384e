import type { Config } from "@react-router/dev/config";
import { readAllContent } from "./content/files.ts";
import { PUBLIC_ROUTES } from "./src/shared/route-table.ts";

export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  ssr: false,
  // Public pages are pre-rendered to HTML (readable without JavaScript), and so is every blog
  // post and case study of content/; every other path is served the SPA fallback by the Hono server.
  prerender: [...PUBLIC_ROUTES.filter((route) => route.layout === "public").map((route) => route.path), ...readAllContent().map((entry) => entry.path)],
} satisfies Config;
