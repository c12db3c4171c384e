/**
 * What each page of the production build loads, worked out from the build itself (no
 * browser): React Router's manifest (build/client/assets/manifest-*.js) names, for every
 * route, its module, the modules those import and its CSS. A page loads the manifest, the
 * client entry and its imports, and the module chain of every route its path matches.
 * Shared by the page-weight budget test and the page-weight benchmark.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { matchRoutes, type RouteObject } from "react-router";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
  clientActionModule?: string;
  clientLoaderModule?: string;
  clientMiddlewareModule?: string;
  hydrateFallbackModule?: string;
}

export interface RouterManifest {
  /** URL of the manifest script itself, e.g. /assets/manifest-39c96350.js. */
  url: string;
  entry: { module: string; imports: string[]; css: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface PageAssets {
  /** Ids of the matched routes, outermost first. */
  routeIds: string[];
  /** URL paths (/assets/…) of every JavaScript file the page loads, without repeats. */
  js: string[];
  css: string[];
}

export interface Bytes {
  raw: number;
  gzip: number;
}

/** The manifest the build's pages load (named in the SPA fallback page). */
export function readRouterManifest(buildClient: string): RouterManifest {
  const fallback = readFileSync(path.join(buildClient, "__spa-fallback.html"), "utf8");
  const url = /\/assets\/manifest-[\w-]+\.js/.exec(fallback)?.[0];
  if (!url) throw new Error(`No React Router manifest is named in ${path.join(buildClient, "__spa-fallback.html")}`);
  const source = readFileSync(path.join(buildClient, url), "utf8");
  const json = source.replace(/^\s*window\.__reactRouterManifest\s*=\s*/, "").replace(/;\s*$/, "");
  const parsed = JSON.parse(json) as Omit<RouterManifest, "url">;
  return { url, entry: parsed.entry, routes: parsed.routes };
}

function routeTree(manifest: RouterManifest, parentId?: string): RouteObject[] {
  return Object.values(manifest.routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const children = routeTree(manifest, route.id);
      return route.index ? { id: route.id, index: true as const } : { id: route.id, path: route.path, children };
    });
}

/**
 * The stylesheets linked by the document every screen behind sign-in is served (the SPA
 * fallback page): the root's page stylesheet, which React Router's manifest does not name.
 */
export function documentStylesheets(buildClient: string): string[] {
  const fallback = readFileSync(path.join(buildClient, "__spa-fallback.html"), "utf8");
  return [...fallback.matchAll(/<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/g)].map((match) => match[1]!);
}

/** The JavaScript and CSS a page of the build loads for `pathname`. */
export function pageAssets(manifest: RouterManifest, pathname: string): PageAssets {
  const matches = matchRoutes(routeTree(manifest), pathname);
  if (!matches) throw new Error(`No route of the build matches ${pathname}`);
  const routeIds = matches.map((match) => match.route.id!);
  const js = new Set<string>([manifest.url, manifest.entry.module, ...manifest.entry.imports]);
  const css = new Set<string>(manifest.entry.css);
  for (const id of routeIds) {
    const route = manifest.routes[id]!;
    for (const file of [
      route.clientMiddlewareModule,
      route.clientLoaderModule,
      route.clientActionModule,
      route.hydrateFallbackModule,
      route.module,
      ...(route.imports ?? []),
    ]) {
      if (file) js.add(file);
    }
    for (const file of route.css ?? []) css.add(file);
  }
  return { routeIds, js: [...js], css: [...css] };
}

/** The files a module preloads with its dynamic imports (Vite's `__vite__mapDeps` list), as URL paths. */
function dynamicImportsOf(buildClient: string, url: string): string[] {
  const source = readFileSync(path.join(buildClient, url), "utf8");
  const list = /m\.f=\[([^\]]*)\]/.exec(source)?.[1] ?? "";
  return [...list.matchAll(/"(assets\/[^"]+)"/g)].map((match) => `/${match[1]}`);
}

/**
 * What a page loads after its first render through lazy imports (a screen loaded when it is
 * opened, the charts it then loads): every JavaScript file named by the dynamic imports of the
 * page's route modules, and of those files in turn, that the page did not load already.
 * `from: "screen"` follows only the innermost route's module (the screen itself), leaving out
 * what its layouts load on demand (an area's account menu, its notifications).
 */
export function lazyAssets(buildClient: string, manifest: RouterManifest, pathname: string, from: "page" | "screen" = "page"): string[] {
  const page = pageAssets(manifest, pathname);
  const loaded = new Set(page.js);
  const lazy = new Set<string>();
  const routeIds = from === "screen" ? page.routeIds.slice(-1) : page.routeIds;
  const queue = routeIds.map((id) => manifest.routes[id]!.module);
  const seen = new Set(queue);
  for (let url = queue.shift(); url; url = queue.shift()) {
    for (const file of dynamicImportsOf(buildClient, url)) {
      if (!file.endsWith(".js") || seen.has(file)) continue;
      seen.add(file);
      queue.push(file);
      if (!loaded.has(file)) lazy.add(file);
    }
  }
  return [...lazy];
}

/**
 * A lazy import of a module of the build: the file it imports and the files Vite preloads with
 * it (that file's own imports), as URL paths.
 */
interface LazyImport {
  file: string;
  preloads: string[];
}

/** Each lazy import a module of the build makes (`import("./x.js")`, with its `__vite__mapDeps([…])` list of preloads). */
function lazyImportsOf(buildClient: string, url: string): LazyImport[] {
  const source = readFileSync(path.join(buildClient, url), "utf8");
  const list = [...(/m\.f=\[([^\]]*)\]/.exec(source)?.[1] ?? "").matchAll(/"(assets\/[^"]+)"/g)].map((match) => `/${match[1]}`);
  const folder = path.posix.dirname(url);
  return [...source.matchAll(/import\(`\.\/([\w-]+\.js)`\)(?:,__vite__mapDeps\(\[([\d,]*)\]\))?/g)].map((match) => ({
    file: path.posix.join(folder, match[1]!),
    preloads: (match[2] ?? "")
      .split(",")
      .filter(Boolean)
      .map((index) => list[Number(index)]!),
  }));
}

/**
 * What a dashboard's card loads as soon as it has something to show, rather than when its user
 * acts: part of the first screen in a real workspace, which always has such things (the
 * page-weight benchmark makes one: a session that ended a week ago without a report). Each is
 * found in the build by a text of its own code.
 */
export const LOADED_WITH_DATA = [{ name: "the missing reports' table", text: "Sessions without a report" }] as const;

/**
 * What an area's first screen loads before its user acts, in a workspace with something in each
 * card: its first render (pageAssets), the files of the cards its own route module loads lazily
 * (the dynamic imports that module names, each with what it imports), and what those cards load
 * lazily once they have data to show (LOADED_WITH_DATA, with what it imports). What a card loads
 * on its user's demand is left out: a dialog, a form or a choice loads when its user asks for it
 * (components/ui/use-on-demand.ts); so are the area layout's, which load on a click or a
 * notification. The page-weight benchmark measures the same in Chromium, until the network is idle.
 * Its scripts and its stylesheets apart (a card's stylesheet loads with the card).
 */
export function firstScreenAssets(buildClient: string, manifest: RouterManifest, pathname: string): { js: string[]; css: string[] } {
  const page = pageAssets(manifest, pathname);
  const screen = manifest.routes[page.routeIds.at(-1)!]!;
  const cardFiles = dynamicImportsOf(buildClient, screen.module);
  const withData = cardFiles
    .filter((file) => file.endsWith(".js"))
    .flatMap((card) => lazyImportsOf(buildClient, card))
    .filter((lazy) => LOADED_WITH_DATA.some((part) => readFileSync(path.join(buildClient, lazy.file), "utf8").includes(part.text)))
    .flatMap((lazy) => [lazy.file, ...lazy.preloads]);
  const loaded = [...cardFiles, ...withData];
  return {
    js: [...new Set([...page.js, ...loaded.filter((file) => file.endsWith(".js"))])],
    css: [...new Set([...page.css, ...loaded.filter((file) => file.endsWith(".css"))])],
  };
}

/**
 * Everything an account page may load without leaving it: its first render (pageAssets) and
 * every file its own screen's modules import lazily (zod, the auth client, a second step such
 * as the two-factor challenge, the next screen of the form), and those files' own lazy
 * imports. Lazy imports of the root and the layout (the Switch Role gate, the connection
 * banner) are left out, even where a lazy chunk of the screen names the root's chunk among its
 * own imports: they load on other pages' occasions, not this page's.
 */
export function accountPageAssets(buildClient: string, manifest: RouterManifest, pathname: string): string[] {
  const page = pageAssets(manifest, pathname);
  const leafId = page.routeIds.at(-1)!;
  const ancestors = new Set(page.routeIds.slice(0, -1).flatMap((id) => [manifest.routes[id]!.module, ...(manifest.routes[id]!.imports ?? [])]));
  ancestors.add(manifest.entry.module);
  for (const file of manifest.entry.imports) ancestors.add(file);
  const leaf = manifest.routes[leafId]!;
  const leafFiles = [
    leaf.clientMiddlewareModule,
    leaf.clientLoaderModule,
    leaf.clientActionModule,
    leaf.hydrateFallbackModule,
    leaf.module,
    ...(leaf.imports ?? []),
  ];
  const queue = leafFiles.filter((file): file is string => file !== undefined && !ancestors.has(file));
  const seen = new Set(queue);
  const loaded = new Set(page.js);
  for (let url = queue.shift(); url; url = queue.shift()) {
    for (const file of dynamicImportsOf(buildClient, url)) {
      // A file of the first render is loaded already; its own lazy imports are followed only if
      // it is the screen's (in the queue from the start), not the root's or the layout's, which a
      // lazy chunk names when it imports from them.
      if (!file.endsWith(".js") || seen.has(file) || loaded.has(file)) continue;
      seen.add(file);
      queue.push(file);
      loaded.add(file);
    }
  }
  return [...loaded];
}

/**
 * The scripts a pre-rendered page names in its HTML (script sources and module preloads), as
 * URL paths, and whether it hydrates (React Router's context is in the page). A content page
 * names only its plain script and does not hydrate.
 */
export function prerenderedPageScripts(buildClient: string, pathname: string): { scripts: string[]; hydrates: boolean } {
  const html = readFileSync(path.join(buildClient, pathname, "index.html"), "utf8");
  const scripts = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc="(\/[^"]+)"/g)) scripts.add(match[1]!);
  for (const match of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="(\/[^"]+)"/g)) scripts.add(match[1]!);
  return { scripts: [...scripts], hydrates: html.includes("window.__reactRouterContext") };
}

/** gzip as a server or CDN would send it: zlib's default level (6). */
export function gzipBytes(content: Buffer | string): number {
  return gzipSync(content).length;
}

/** Raw and gzip bytes of build files given by URL path, summed. */
export function fileBytes(buildClient: string, urls: readonly string[]): Bytes {
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const content = readFileSync(path.join(buildClient, url));
    raw += content.length;
    gzip += gzipBytes(content);
  }
  return { raw, gzip };
}
