import { useLocation, useParams } from "react-router";

import { SessionPage } from "../../features/session-reports/components/session-page.tsx";

import { metaFor } from "../../lib/meta.ts";

import { useDisplayTimeZone } from "../../features/session/display-time-zone.ts";
import type { Area } from "../../../shared/roles.ts";

export const meta = ({ location }: { location: { pathname: string } }) => metaFor(location.pathname);

/** /{area}/sessions/:sessionId: one session, as the area's role sees it. */
export default function SessionScreen() {
  const { sessionId = "" } = useParams();
  const area = useLocation().pathname.split("/")[1] as Area;
  const timeZone = useDisplayTimeZone().timeZone ?? "UTC";
  return <SessionPage key={sessionId} area={area} sessionId={sessionId} timeZone={timeZone} />;
}
