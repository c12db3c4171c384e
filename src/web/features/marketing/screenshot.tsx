import { Text } from "@mantine/core";

/** The screenshots of public/screenshots (scripts/product-screenshots.ts), 1280 × 800 WebP. */
export const SCREENSHOTS = {
  "tutor-calendar": "A tutor's Jobs calendar: the week's sessions by day and hour, each with its subject and students.",
  "session-report": "A reported session: topics, homework, each student's attendance, understanding and engagement, private notes, and the summary shared with the family.",
  "parent-child": "A parent's page for their child: the session summaries the tutors shared, newest first, in plain sentences.",
  "admin-students": "The admin's students list: each student with their grade, subjects, tutors and status, with search by name and a status filter.",
  "student-record": "A student's access log as the admin sees it: who opened or changed the record, their role, when, and what they did.",
} as const;

export type ScreenshotName = keyof typeof SCREENSHOTS;

/**
 * A screenshot of the running app (real demo data), with its size set so nothing shifts as it
 * loads; lazy unless it is the first thing on the page.
 */
export function Screenshot({ name, caption, eager = false }: { name: ScreenshotName; caption?: string; eager?: boolean }) {
  return (
    <figure className="screenshot">
      <img
        src={`/screenshots/${name}.webp`}
        width={1280}
        height={800}
        alt={SCREENSHOTS[name]}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        {...(eager ? { fetchPriority: "high" as const } : {})}
      />
      {caption ? (
        <Text component="figcaption" size="sm" c="dimmed" mt={6}>
          {caption}
        </Text>
      ) : null}
    </figure>
  );
}
