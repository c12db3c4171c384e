/**
 * The stylesheets hold the styles of every Mantine component the app uses. Every page links
 * src/web/styles/page.css (Mantine's styles of what the public pages show, mantine-base.css,
 * then ours); the screens behind sign-in add mantine-areas.css with their layout, which holds
 * the rest of what they use instead of the whole of Mantine's stylesheet (35 KB of gzip). A
 * component added to a screen without its styles would show unstyled: this test names it.
 * Which styles a component needs is read from Mantine's own modules: each `<Name>.module.mjs`
 * that a component imports, directly or through the components it is built on, is its
 * `styles/<Name>.layer.css`.
 */
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const STYLES = path.join(ROOT, "src/web/styles");
const MANTINE = path.join(ROOT, "node_modules/@mantine/core");
const MANTINE_ESM = path.join(MANTINE, "esm");

/** The Mantine styles a stylesheet of ours imports, by name (Button for styles/Button.layer.css). */
function stylesImportedBy(file: string): string[] {
  const css = readFileSync(path.join(STYLES, file), "utf8");
  return [...css.matchAll(/@import "@mantine\/core\/styles\/([\w-]+)\.layer\.css";/g)].map((match) => match[1]!);
}

function filesUnder(directory: string, pattern: RegExp): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const full = path.join(directory, entry);
    if (statSync(full).isDirectory()) return filesUnder(full, pattern);
    return pattern.test(entry) ? [full] : [];
  });
}

const WEB_SOURCES = filesUnder(path.join(ROOT, "src/web"), /^(?!.*\.test\.tsx?$).*\.tsx?$/);

/** The other Mantine packages the web app uses (notifications, charts). */
function mantinePackagesUsed(): string[] {
  const packages = WEB_SOURCES.flatMap((file) => [...readFileSync(file, "utf8").matchAll(/from\s*"@mantine\/([\w-]+)"/g)].map((match) => match[1]!));
  return [...new Set(packages)].filter((name) => !["core", "hooks", "form", "store"].includes(name));
}

/** Every name imported from @mantine/core by the web app, and by the other Mantine packages it uses (their parts are core's components). */
function mantineNamesUsed(): Set<string> {
  const files = [...WEB_SOURCES, ...mantinePackagesUsed().flatMap((name) => filesUnder(path.join(ROOT, "node_modules/@mantine", name, "esm"), /\.mjs$/))];
  const names = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/g)) {
      for (const part of match[1]!.split(",")) {
        const name = part.trim().replace(/\s+as\s+\w+$/, "");
        if (name && !name.startsWith("type ")) names.add(name);
      }
    }
  }
  return names;
}

/** Where @mantine/core's index takes each export from (null: from another package, which brings no Mantine styles). */
function exportModules(): Map<string, string | null> {
  const index = readFileSync(path.join(MANTINE_ESM, "index.mjs"), "utf8");
  const modules = new Map<string, string | null>();
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    for (const part of match[1]!.split(",")) {
      const local = part
        .trim()
        .split(/\s+as\s+/)
        .pop()!;
      if (local) modules.set(local, match[2]!.startsWith("./") ? path.join(MANTINE_ESM, match[2]!) : null);
    }
  }
  return modules;
}

const stylesCache = new Map<string, Set<string>>();
/** The styles a Mantine module needs: the CSS modules it imports, directly or through the modules it imports. */
function stylesNeededBy(module: string): Set<string> {
  const cached = stylesCache.get(module);
  if (cached) return cached;
  const styles = new Set<string>();
  const seen = new Set([module]);
  const queue = [module];
  for (let file = queue.shift(); file; file = queue.shift()) {
    const cssModule = /([\w-]+)\.module\.mjs$/.exec(file);
    if (cssModule) styles.add(cssModule[1]!);
    for (const match of readFileSync(file, "utf8").matchAll(/from\s*"(\.{1,2}\/[^"]+)"/g)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  stylesCache.set(module, styles);
  return styles;
}

/** Mantine's own order of its styles (styles.layer.css): a component's after those of the components it is built on. */
function mantineOrder(): Map<string, number> {
  const whole = readFileSync(path.join(MANTINE, "styles.layer.css"), "utf8");
  const order = new Map<string, number>();
  for (const file of readdirSync(path.join(MANTINE, "styles"))) {
    const name = /^([\w-]+)\.layer\.css$/.exec(file)?.[1];
    if (!name) continue;
    const firstClass = /\.m_[0-9a-f]+/.exec(readFileSync(path.join(MANTINE, "styles", file), "utf8"))?.[0];
    if (firstClass) order.set(name, whole.indexOf(firstClass));
  }
  return order;
}

describe("the Mantine styles of the app's stylesheets", () => {
  const base = stylesImportedBy("mantine-base.css");
  const areas = stylesImportedBy("mantine-areas.css");
  const modules = exportModules();

  it("hold the styles of every Mantine component the app uses (the page stylesheet and the areas')", () => {
    const used = [...mantineNamesUsed()];
    expect(
      used.filter((name) => !modules.has(name)),
      "names imported from @mantine/core that its index does not export",
    ).toEqual([]);
    const needed = new Set(
      used.flatMap((name) => {
        const module = modules.get(name);
        return module ? [...stylesNeededBy(module)] : [];
      }),
    );
    const held = new Set([...base, ...areas]);
    expect([...needed].filter((name) => !held.has(name)).sort()).toEqual([]);
    // The test reads what it should: the areas' shell, a select and the charts' tooltip are among what is needed.
    expect(needed).toContain("AppShell");
    expect(needed).toContain("Combobox");
    expect(needed).toContain("Tooltip");
  });

  it("come with the styles of the other Mantine packages the app uses (the notifications, the charts)", () => {
    const packages = mantinePackagesUsed();
    expect(packages).toContain("notifications");
    const importsOfStyles = WEB_SOURCES.map((file) => readFileSync(file, "utf8"))
      .concat(
        readdirSync(STYLES)
          .filter((file) => file.endsWith(".css"))
          .map((file) => readFileSync(path.join(STYLES, file), "utf8")),
      )
      .join("\n");
    expect(packages.filter((name) => !importsOfStyles.includes(`@mantine/${name}/styles`))).toEqual([]);
  });

  it("keep Mantine's order in the areas' stylesheet, which comes after the page's", () => {
    const order = mantineOrder();
    const positions = areas.map((name) => order.get(name));
    expect(positions.every((position) => position !== undefined && position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a! - b!));
  });

  it("repeat in the areas' stylesheet each component of the page's that is built on one the areas add", () => {
    // All our Mantine styles share one cascade layer, so the later rule wins: Combobox's dropdown
    // padding must come after Popover's, which only the areas' stylesheet brings.
    const added = areas.filter((name) => !base.includes(name));
    const builtOnAdded = base.filter((name) => {
      // A styles file is named after its component.
      const module = modules.get(name);
      return module && added.some((part) => part !== name && stylesNeededBy(module).has(part));
    });
    expect(builtOnAdded).toContain("Combobox");
    expect(builtOnAdded.filter((name) => !areas.includes(name))).toEqual([]);
  });
});
