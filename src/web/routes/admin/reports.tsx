import { lazyScreen } from "../../features/billing/components/lazy-screen.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = () => metaFor("/admin/reports");

// The charts load with this screen only: every other page, and the route manifest they all load, stay as they were.
export default lazyScreen(() => import("./reports-screen.tsx"));
