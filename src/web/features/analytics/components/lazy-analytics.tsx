import { lazy, Suspense, type ComponentProps } from "react";
import { LoadingState } from "../../../components/ui/query-state.tsx";

const Section = lazy(() => import("./analytics-section.tsx"));

/**
 * The analytics section for a screen that is not only analytics (a tutor's or student's
 * reports, a parent's child): the charts library is loaded with the section when it is shown,
 * so that the screen's own code, and every page's route manifest, stay as they were.
 */
export function LazyAnalyticsSection(props: ComponentProps<typeof Section>) {
  return (
    <Suspense fallback={<LoadingState label="the figures" />}>
      <Section {...props} />
    </Suspense>
  );
}
