import { lazyScreen } from "../../features/billing/components/lazy-screen.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = () => metaFor("/admin/billing");

export default lazyScreen(() => import("./billing-screen.tsx"));
