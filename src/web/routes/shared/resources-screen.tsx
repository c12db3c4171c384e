import { useLocation } from "react-router";
import type { Area } from "../../../shared/roles.ts";
import { LibraryScreen } from "../../features/resources/components/library-screen.tsx";

/** The library of the area in the path: /admin, /tutor, /parent or /student resources. */
export default function Resources() {
  const area = useLocation().pathname.split("/")[1] as Area;
  return <LibraryScreen area={area} />;
}
