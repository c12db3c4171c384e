import { Badge } from "@mantine/core";
import type { HealthBand } from "../../../../shared/schemas/student-health.ts";
import { BAND_COLORS, BAND_LABELS } from "../bands.ts";

/** A card's band as a badge that says it in words (the colour is never the only signal); a card not computed yet says so. */
export function HealthBandBadge({ band }: { band: HealthBand | null }) {
  if (band === null)
    return (
      <Badge color="gray" variant="outline" style={{ flexShrink: 0 }}>
        Not scored yet
      </Badge>
    );
  return (
    <Badge color={BAND_COLORS[band]} variant="filled" style={{ flexShrink: 0 }}>
      {BAND_LABELS[band]}
    </Badge>
  );
}
