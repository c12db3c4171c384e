import { lazyScreen } from "../../features/billing/components/lazy-screen.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = () => metaFor("/admin/growthplaybook");

// Loaded when opened: its components then weigh on no other screen's first load.
export default lazyScreen(() => import("./growth-playbook-screen.tsx"));
