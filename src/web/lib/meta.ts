import { findRoute } from "../../shared/route-table.ts";

/** Title and description of a page, from the route table. */
export function metaFor(pathname: string) {
  const route = findRoute(pathname);
  const title = route ? (route.path === "/" ? route.title : `${route.title} · Glassroom`) : "Page Not Found · Glassroom";
  return [
    { title },
    { name: "description", content: route?.description ?? "This page does not exist." },
    { property: "og:title", content: title },
    { property: "og:description", content: route?.description ?? "" },
    { property: "og:type", content: "website" },
  ];
}
