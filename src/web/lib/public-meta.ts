import { findPublicRoute, type RouteEntry } from "../../shared/public-routes.ts";

/**
 * A page's title, description, Open Graph and Twitter card tags. The canonical link and
 * og:url need the public origin (APP_URL), known only when the server runs: it adds them to
 * each pre-rendered page it serves (src/server/spa/serve.ts).
 */
export function pageMeta({ title, description, type = "website" }: { title: string; description: string; type?: "website" | "article" }) {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: type },
    { property: "og:site_name", content: "Glassroom" },
    { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
}

/** Title and description tags of a page from its route-table entry (none: the 404's). */
export function metaTags(route: RouteEntry | undefined) {
  const title = route ? (route.path === "/" ? route.title : `${route.title} · Glassroom`) : "Page Not Found · Glassroom";
  return pageMeta({ title, description: route?.description ?? "This page does not exist." });
}

/** Title and description of a public page, from the public part of the route table (lib/meta.ts for any page). */
export function publicMetaFor(pathname: string) {
  return metaTags(findPublicRoute(pathname));
}
