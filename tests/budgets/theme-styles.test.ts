/**
 * The pages' scripts provide Mantine's theme without the code of its <style> elements (the
 * theme's CSS variables and Mantine's global classes: src/web/theme-provider.tsx), so the build
 * writes those elements into the head of every page it makes (src/web/entry.server.tsx). Every
 * pre-rendered page and the SPA fallback must carry exactly what MantineProvider renders for the
 * theme, or the pages would show Mantine's default colours. Builds once when build/client is missing.
 */
import { MantineProvider } from "@mantine/core";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../../bench/support/build.ts";
import { BUILD_CLIENT } from "../../bench/support/paths.ts";
import { cssVariablesResolver, theme } from "../../src/web/theme.ts";

function pagesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const full = path.join(directory, entry);
    if (statSync(full).isDirectory()) return entry === "assets" ? [] : pagesUnder(full);
    return entry === "index.html" || entry === "__spa-fallback.html" ? [full] : [];
  });
}

beforeAll(() => ensureBuild(), 600_000);

describe("the theme's styles in the pages the build makes", () => {
  it("are in the head of every pre-rendered page and of the SPA fallback, as MantineProvider renders them", () => {
    const styles = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver, defaultColorScheme: "auto" }));
    expect(styles).toContain("--mantine-primary-color-filled: var(--mantine-color-teal-filled)");
    const pages = pagesUnder(BUILD_CLIENT);
    expect(pages.map((file) => path.relative(BUILD_CLIENT, file))).toEqual(expect.arrayContaining(["__spa-fallback.html", "login/index.html", "index.html"]));
    const without = pages.filter((file) => {
      const html = readFileSync(file, "utf8");
      return !html.slice(0, html.indexOf("</head>")).includes(styles);
    });
    expect(without.map((file) => path.relative(BUILD_CLIENT, file))).toEqual([]);
  });
});
