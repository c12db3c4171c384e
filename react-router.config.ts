import type { Config } from "@react-router/dev/config";
import { readAllContent } from "./content/files.ts";
import { ENQUIRY_SHELL_SLUG, NOT_FOUND_SHELL_PATH, PUBLIC_ROUTES } from "./src/shared/public-routes.ts";

export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  ssr: false,
  // Public pages are pre-rendered to HTML (readable without JavaScript), and so is every blog
  // post and case study of content/, and the shells of a workspace's enquiry pages (the server
  // writes the workspace in); every other path is served the SPA fallback by the Hono server.
  prerender: [
    ...PUBLIC_ROUTES.filter((route) => route.layout === "public").map((route) => route.path),
    ...readAllContent().map((entry) => entry.path),
    `/enquire/${ENQUIRY_SHELL_SLUG}`,
    `/enquire/${ENQUIRY_SHELL_SLUG}/sent`,
    NOT_FOUND_SHELL_PATH,
  ],
} satisfies Config;
