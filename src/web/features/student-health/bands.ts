import type { HealthBand } from "../../../shared/schemas/student-health.ts";

/** The bands' words and badge colours, kept apart from the card so that a dashboard's alerts load only these. */
export const BAND_LABELS: Record<HealthBand, string> = { on_track: "On track", watch: "Watch", act: "Act" };
/**
 * Dark shades: filled badges keep WCAG AA contrast with white text (Mantine's darkest orange,
 * #d9480f, gives 4.3:1, so "watch" is a deeper amber of its own: 6.1:1).
 */
export const BAND_COLORS: Record<HealthBand, string> = { on_track: "teal.9", watch: "#a33a00", act: "red.9" };
