import { PUBLIC_ROUTES } from "../../../shared/public-routes.ts";

/**
 * The public site's sections, each with its pages from the route table (so a new page joins the
 * header's menus, the phone drawer and the footer by itself; no second list of labels to load on
 * every page). Pages with a parameter (a blog article) are reached from their list.
 */
export interface NavSection {
  label: string;
  links: readonly { to: string; label: string }[];
}

export const NAV_SECTIONS: readonly NavSection[] = ["Solutions", "Product", "Resources", "Partners", "Company"].map((label) => {
  const prefix = `/${label.toLowerCase()}/`;
  return {
    label,
    links: PUBLIC_ROUTES.filter((route) => route.path.startsWith(prefix) && !route.path.includes(":")).map((route) => ({ to: route.path, label: route.title })),
  };
});
