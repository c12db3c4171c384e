ALTER TABLE "session_summary" ADD COLUMN "report_facts" jsonb;--> statement-breakpoint
-- Existing summaries count as edited (no one knows whether their words were changed): a
-- correction of their report flags them instead of replacing words a tutor may have written.
ALTER TABLE "session_summary" ADD COLUMN "edited" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "session_summary" ALTER COLUMN "edited" SET DEFAULT false;
