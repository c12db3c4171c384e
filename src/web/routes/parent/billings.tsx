import { lazyScreen } from "../../features/billing/components/lazy-screen.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = () => metaFor("/parent/billings");

export default lazyScreen(() => import("./billings-screen.tsx"));
