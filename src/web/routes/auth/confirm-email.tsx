import { useLocation } from "react-router";
import { findRoute } from "../../../shared/route-table.ts";
import { metaFor } from "../../lib/meta.ts";

export const meta = ({ location }: { location: { pathname: string } }) => metaFor(location.pathname);

// PLACEHOLDER: being implemented.
export default function Screen() {
  return <h1>{findRoute(useLocation().pathname)?.title}</h1>;
}
