import { CalendarScreen } from "../../features/calendar/components/calendar-screen.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = () => metaFor("/tutor/calendar");

/** The tutor's sessions (jobs): schedule, open and cancel them. */
export default function TutorCalendar() {
  return <CalendarScreen area="tutor" title="Jobs" description="Your sessions with your students. Open one for its details, or schedule a new one." />;
}
