import { lazyScreen } from "../../features/billing/components/lazy-screen.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = ({ location }: { location: { pathname: string } }) => metaFor(location.pathname);

export default lazyScreen(() => import("./crm-lead-screen.tsx"));
