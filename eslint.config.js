import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * Lint rules, including the layer boundaries of ARCHITECTURE.md:
 * shared imports neither server nor web; server never imports web; web imports server
 * only as types.
 */
const restrict = (patterns, allowTypeImports = false) => ({
  "@typescript-eslint/no-restricted-imports": ["error", { patterns: patterns.map((group) => ({ group: [group], message: `This layer may not import ${group}${allowTypeImports ? " except as types" : ""}.`, allowTypeImports })) }],
});

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
);
