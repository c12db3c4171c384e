import { lazyScreen } from "../../features/billing/components/lazy-screen.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = () => metaFor("/admin/pay");

export default lazyScreen(() => import("./pay-screen.tsx"));
