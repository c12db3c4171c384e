import { CalendarScreen } from "../../features/calendar/components/calendar-screen.tsx";
import { metaFor } from "../../lib/meta.ts";

export const meta = () => metaFor("/student/calendar");

/** The student's own sessions; they may ask for one to be cancelled. */
export default function StudentCalendar() {
  return <CalendarScreen area="student" title="Calendar" description="Your tutoring sessions. Open one for its details, or to ask for it to be cancelled." />;
}
