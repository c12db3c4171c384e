import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

const API_PORT = Number(process.env.API_PORT ?? 3001);

/** The chunks made by the code-splitting groups below. */
const GROUPS = new Set(["framework", "root-base", "account-kit"]);

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    rolldownOptions: {
      output: {
        // The automatic chunks are named by a short hash alone (assets/<hash>.js; the groups below
        // and the route modules keep their names): every page loads the route manifest, which
        // names each route's chunks, about 2,000 names in all, and the names' text is a good
        // part of its gzip. Seven characters of hash (the fewest the bundler allows for this many chunks) still tell them apart.
        chunkFileNames: (chunk) => (GROUPS.has(chunk.name) ? "assets/[name]-[hash].js" : "assets/[hash:7].js"),
        codeSplitting: {
          // React, React DOM and React Router load on every page, whole: one chunk instead of
          // the seven the automatic split made of them, which saves about 5 KB of gzip per page
          // (each chunk repeats its imports and exports and compresses on its own).
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            // What the root, the public layout and the public pages' meta helper import statically
            // loads on every page that runs React (every route but the root imports the meta
            // helper or the layout, the areas' too), so it is one chunk with its dependencies (a
            // group takes the modules it matches and what they import). The automatic split made
            // about 30 small chunks of them (Mantine's core, one chunk per component...), each
            // compressed on its own and each named again in the route manifest's lists: about 8 KB
            // of gzip more on every page; the layout's own chunk beside the root's cost 0.5 KB
            // more. No such group for the area layouts: a group takes every dependency of what it
            // matches, and theirs include modules that public pages share, which would then load
            // the area's chunk whole.
            // The root's chunk also takes what the public layout and the areas' screens both use
            // (the roles and public routes the route table reads, Mantine's Anchor, Container,
            // direction and automatic contrast, the brand and skip link): in a group of the
            // account pages' forms, each area screen loaded that whole chunk for one of them.
            {
              name: "root-base",
              test: /src[\\/](web[\\/](root\.tsx|components[\\/]layouts[\\/]public-layout\.tsx|lib[\\/]public-meta\.ts|components[\\/]ui[\\/](brand|skip-link)\.tsx)|shared[\\/](roles|public-routes)\.ts)$|@mantine[\\/]core[\\/]esm[\\/](components[\\/](Anchor|Container)|core[\\/](DirectionProvider|MantineProvider[\\/]color-functions[\\/]get-auto-contrast-value))[\\/]/,
              priority: 2,
            },
            // What the account pages' forms use (the card, the form helpers and the field rules,
            // the account requests, the text and password inputs, the alert, the Google button and
            // its divider): one chunk instead of about twelve, which brings each account page
            // about 4 KB of gzip closer to its 150 KB budget. The area screens that use these
            // inputs load it too (a few KB, far within their budget).
            {
              name: "account-kit",
              test: /src[\\/]web[\\/](features[\\/]auth[\\/](auth-card|form-errors|page-loading|password-hint|google-button)\.tsx?|lib[\\/]forms\.ts)$|@mantine[\\/]core[\\/]esm[\\/]components[\\/](TextInput|PasswordInput|Alert|Divider)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { "/api": { target: `http://127.0.0.1:${API_PORT}`, changeOrigin: false } },
  },
});
