import { readdirSync } from "node:fs";
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * Lint rules, including the layer boundaries of ARCHITECTURE.md:
 * shared imports neither server nor web; server never imports web; web imports server
 * only as types. Server features reach each other only through a feature's index.ts (its
 * public surface); what several features share lives in src/server/core. No import cycles.
 * Mail is queued with core/notify.ts; only the mail job (jobs/mail.ts) calls the mailer.
 */
const restrict = (patterns, allowTypeImports = false) => ({
  "@typescript-eslint/no-restricted-imports": [
    "error",
    {
      patterns: patterns.map((group) => ({
        group: [group],
        message: `This layer may not import ${group}${allowTypeImports ? " except as types" : ""}.`,
        allowTypeImports,
      })),
    },
  ],
});

const FEATURES = "src/server/features";
const features = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** A file of one feature may import another feature's index.ts, never its other files. */
const featureZones = features.map((feature) => ({
  target: `./${FEATURES}/${feature}`,
  from: `./${FEATURES}`,
  except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
  message: "Import another feature through its index.ts, or move what both need to src/server/core.",
}));

/** Only the mail job calls the mailer: everything else queues mail (core/notify.ts). */
const NO_DIRECT_MAIL = {
  selector: "CallExpression > MemberExpression.callee[property.name='send']:matches([object.name='mailer'], [object.property.name='mailer'])",
  message:
    "Queue mail with notify(jobs, tx, mail) from src/server/core/notify.ts, in the caller's transaction: only the mail job (src/server/jobs/mail.ts) calls the mailer.",
};
/** Business rules read the time from the injected clock, so that a test can pin it. */
const CLOCK_MESSAGE = "Read the time from deps.clock.now() (src/server/core/clock.ts), or take `now: Date` from a caller that has it: tests pin the clock.";
const NO_SYSTEM_TIME = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: CLOCK_MESSAGE,
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: CLOCK_MESSAGE,
  },
];

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "src/server/db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-control-regex": "off",
    },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...restrict(["**/server/**", "node:*", "drizzle-orm", "drizzle-orm/*", "pg", "hono", "hono/*"], true),
    },
  },
  // React Router's server entry runs only in Node, at build time (it pre-renders the public pages).
  { files: ["src/web/entry.server.tsx"], rules: restrict(["**/server/**", "drizzle-orm", "drizzle-orm/*", "pg", "hono", "hono/*"], true) },
  { files: ["src/shared/**/*.ts"], rules: restrict(["**/server/**", "**/web/**", "node:*", "react", "react-dom", "drizzle-orm", "hono"]) },
  { files: ["src/server/**/*.ts"], rules: restrict(["**/web/**", "react", "react-dom", "@mantine/*"]) },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    // The plugin follows imports into .ts and .tsx files only when told to parse them.
    settings: { "import-x/extensions": [".ts", ".tsx"], "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] } },
    rules: {
      // Type-only imports do not count: they leave no cycle at run time. Nor do dynamic imports
      // (the web loads the query client lazily that way): they run after both modules are loaded.
      "import-x/no-cycle": ["error", { allowUnsafeDynamicCyclicDependency: true }],
      "import-x/no-restricted-paths": ["error", { zones: featureZones }],
    },
  },
  {
    files: ["src/server/**/*.ts"],
    ignores: ["src/server/jobs/mail.ts", "src/server/**/*.test.ts"],
    rules: { "no-restricted-syntax": ["error", NO_DIRECT_MAIL] },
  },
  // The same rule again (a later block replaces a rule's options, never adds to them), and the clock's.
  {
    files: ["src/server/features/**/*.ts", "src/server/core/**/*.ts"],
    ignores: ["src/server/**/*.test.ts", "src/server/core/clock.ts"],
    rules: { "no-restricted-syntax": ["error", NO_DIRECT_MAIL, ...NO_SYSTEM_TIME] },
  },
);
