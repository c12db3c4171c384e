import { useEffect } from "react";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { AvailabilityEditor } from "../../tutors/components/availability-editor.tsx";
import { useOwnTutorProfile, useSaveOwnAvailability } from "../api.ts";
import { TeachingProfileForm } from "./teaching-profile-section.tsx";
import { SectionCard } from "../../../components/ui/section-card.tsx";

/** The tutor's "Teaching profile" and "Weekly availability", shown above the account sections of /tutor/settings. */
export function TutorProfileSections() {
  const profile = useOwnTutorProfile();
  const saveAvailability = useSaveOwnAvailability();
  // Opened from the dashboard's prompt (#availability): the page renders after the account
  // loads, later than the router looks for the anchor, so the section is scrolled to here.
  useEffect(() => {
    if (window.location.hash === "#availability") document.getElementById("availability")?.scrollIntoView({ block: "start" });
  }, []);
  return (
    <>
      <SectionCard title="Teaching profile" description="The subjects you teach, a short bio, and the time zone your availability is in.">
        <QueryState query={profile} label="your teaching profile">
          {(data) => <TeachingProfileForm key={data.memberId} profile={data} />}
        </QueryState>
      </SectionCard>
      {/* The target of the dashboard's "Set your weekly availability". */}
      <div id="availability" style={{ scrollMarginTop: 80 }}>
        <SectionCard
          title="Weekly availability"
          description={
            profile.data
              ? `When you can teach each week, in your time zone (${profile.data.timeZone.replaceAll("_", " ")}).`
              : "When you can teach each week, in your time zone."
          }
        >
          <QueryState query={profile} label="your availability">
            {(data) => <AvailabilityEditor key={data.memberId} tutor={data} save={saveAvailability} />}
          </QueryState>
        </SectionCard>
      </div>
    </>
  );
}
