import { findPublicRoute, type RouteEntry } from "../../shared/public-routes.ts";

/** Title and description tags of a page from its route-table entry (none: the 404's). */
export function metaTags(route: RouteEntry | undefined) {
  const title = route ? (route.path === "/" ? route.title : `${route.title} · Glassroom`) : "Page Not Found · Glassroom";
  return [
    { title },
    { name: "description", content: route?.description ?? "This page does not exist." },
    { property: "og:title", content: title },
    { property: "og:description", content: route?.description ?? "" },
    { property: "og:type", content: "website" },
  ];
}

/** Title and description of a public page, from the public part of the route table (lib/meta.ts for any page). */
export function publicMetaFor(pathname: string) {
  return metaTags(findPublicRoute(pathname));
}
