-- The members list by name leaves pending registrations out of its index, so that a page is
-- never read past them.
DROP INDEX "member_organization_sort_name_idx";--> statement-breakpoint
-- A rule's health list and its total: the cards each rule fires on, by risk.
CREATE INDEX "student_health_rule_missed_share_idx" ON "student_health" USING btree ("organization_id","score" DESC NULLS LAST,"student_id") WHERE reasons @> '[{"rule":"missedShare"}]'::jsonb;--> statement-breakpoint
CREATE INDEX "student_health_rule_consecutive_misses_idx" ON "student_health" USING btree ("organization_id","score" DESC NULLS LAST,"student_id") WHERE reasons @> '[{"rule":"consecutiveMisses"}]'::jsonb;--> statement-breakpoint
CREATE INDEX "student_health_rule_dosage_idx" ON "student_health" USING btree ("organization_id","score" DESC NULLS LAST,"student_id") WHERE reasons @> '[{"rule":"dosage"}]'::jsonb;--> statement-breakpoint
CREATE INDEX "student_health_rule_low_engagement_idx" ON "student_health" USING btree ("organization_id","score" DESC NULLS LAST,"student_id") WHERE reasons @> '[{"rule":"lowEngagement"}]'::jsonb;--> statement-breakpoint
CREATE INDEX "student_health_rule_understanding_falling_idx" ON "student_health" USING btree ("organization_id","score" DESC NULLS LAST,"student_id") WHERE reasons @> '[{"rule":"understandingFalling"}]'::jsonb;--> statement-breakpoint
CREATE INDEX "student_health_rule_no_recent_session_idx" ON "student_health" USING btree ("organization_id","score" DESC NULLS LAST,"student_id") WHERE reasons @> '[{"rule":"noRecentSession"}]'::jsonb;--> statement-breakpoint
CREATE INDEX "student_health_rule_homework_not_done_idx" ON "student_health" USING btree ("organization_id","score" DESC NULLS LAST,"student_id") WHERE reasons @> '[{"rule":"homeworkNotDone"}]'::jsonb;--> statement-breakpoint
CREATE INDEX "member_organization_sort_name_idx" ON "member" USING btree ("organization_id","sort_name","id") WHERE status <> 'pending';