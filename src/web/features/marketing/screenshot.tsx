import { Text } from "@mantine/core";

/** The screenshots of public/screenshots (scripts/product-screenshots.ts): 1280 × 800 WebP, and 800 × 500 (name-800.webp). */
export const SCREENSHOTS = {
  "tutor-calendar": "A tutor's Jobs calendar: the week's sessions by day and hour, each with its subject and students.",
  "session-report":
    "A reported session: topics, homework, each student's attendance, understanding and engagement, private notes, and the summary shared with the family.",
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
        // Phones take the 800 px copy (a third of the bytes); the image is at most 1,200 px wide
        // on the page (the content's width), less in a two-column section.
        srcSet={`/screenshots/${name}-800.webp 800w, /screenshots/${name}.webp 1280w`}
        sizes="(min-width: 75em) 1200px, 100vw"
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
