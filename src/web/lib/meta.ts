import { findRoute } from "../../shared/route-table.ts";
import { metaTags } from "./public-meta.ts";

/** Title and description of a page, from the route table (public pages use publicMetaFor, which loads only their part). */
export function metaFor(pathname: string) {
  return metaTags(findRoute(pathname));
}
