import { lazyScreen } from "../../features/billing/components/lazy-screen.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = ({ location }: { location: { pathname: string } }) => metaFor(location.pathname);

// Loaded when opened: the library's forms, previews and tables then weigh on no other screen's first load.
export default lazyScreen(() => import("./resources-screen.tsx"));
