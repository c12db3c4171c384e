/**
 * The health rules at each threshold's edge (one session or report either side), on the default
 * rules, and the score's arithmetic as a property: whatever the facts and the rules, the score
 * is the sum of the fired rules' points stopped at 100, in its band, and families' score is the
 * same sum over the rules they see.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_HEALTH_RULES, healthRulesSchema, type HealthRules } from "../../../shared/schemas/student-health.ts";
import { bandOf, scoreStudent, type HealthFacts, type HealthReport, type HealthSession, type MissedAs, type SessionOutcome } from "./rules.ts";

const DAY = 86_400_000;
const NOW = new Date("2026-11-20T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

/** Sessions every three days ending yesterday (ten inside the 8-week window), oldest first, with the outcomes given. */
function sessionsOf(outcomes: (SessionOutcome | MissedAs)[], minutes = 60): HealthSession[] {
  return outcomes.map((outcome, index) => {
    const missedAs = outcome === "no_show" || outcome === "late_cancelled" || outcome === "absent" ? outcome : undefined;
    return {
      sessionId: `s${index}`,
      startsAt: daysAgo(1 + 3 * (outcomes.length - 1 - index)),
      minutes,
      outcome: missedAs ? "missed" : (outcome as SessionOutcome),
      ...(missedAs ? { missedAs } : {}),
    };
  });
}

/** Reports of the latest sessions, oldest first. */
function reports(items: Partial<HealthReport>[]): HealthReport[] {
  return items.map((item, index) => ({
    sessionId: `r${index}`,
    startsAt: daysAgo(1 + 7 * (items.length - 1 - index)),
    engagement: 4,
    understanding: 4,
    homework: "completed",
    scorePercent: null,
    ...item,
  }));
}

function facts(overrides: Partial<HealthFacts> = {}): HealthFacts {
  const sessions = overrides.sessions ?? sessionsOf(Array(8).fill("attended"));
  const lastAttended = sessions.findLast((session) => session.outcome === "attended");
  return { now: NOW, activeSince: daysAgo(200), sessions, reports: [], lastAttendedAt: lastAttended?.startsAt ?? null, ...overrides };
}

const firedRules = (input: HealthFacts, rules: HealthRules = DEFAULT_HEALTH_RULES) => scoreStudent(input, rules).reasons.map((reason) => reason.rule);
const reasonOf = (input: HealthFacts, rule: string) => scoreStudent(input, DEFAULT_HEALTH_RULES).reasons.find((reason) => reason.rule === rule);
/** n attended sessions, then the given ones (latest last). */
const attendedThen = (count: number, ...latest: (SessionOutcome | MissedAs)[]) => sessionsOf([...Array<SessionOutcome>(count).fill("attended"), ...latest]);

describe("a student with nothing wrong", () => {
  it("scores 0, on track, with the figures of the window", () => {
    const card = scoreStudent(facts(), DEFAULT_HEALTH_RULES);
    expect(card).toMatchObject({ score: 0, band: "on_track", reasons: [], familyScore: 0 });
    expect(card.figures).toMatchObject({ held: 8, attended: 8, attendancePercent: 100, plannedMinutes: 480, receivedMinutes: 480, dosagePercent: 100 });
  });

  it("leaves sessions before the window, and pending ones, out of every figure", () => {
    const old = { sessionId: "old", startsAt: daysAgo(57), minutes: 60, outcome: "missed" as const, missedAs: "no_show" as const };
    const pending = { sessionId: "p", startsAt: daysAgo(0.5), minutes: 60, outcome: "pending" as const };
    const card = scoreStudent(facts({ sessions: [old, ...sessionsOf(Array(8).fill("attended")), pending] }), DEFAULT_HEALTH_RULES);
    expect(card.figures).toMatchObject({ held: 8, missed: 0 });
    expect(card.score).toBe(0);
  });
});

describe("missed sessions (10% +20, 20% +35)", () => {
  it("fires at exactly 10% (1 of 10) and not just below (1 of 11)", () => {
    // The miss first, so that it is not a run of misses; 90% of the minutes keeps the dosage rule quiet.
    expect(reasonOf(facts({ sessions: sessionsOf(["no_show", ...Array(9).fill("attended")]) }), "missedShare")).toMatchObject({
      points: 20,
      reason: "Missed 1 of 10 sessions (10%) in the last 8 weeks: +20",
      evidence: [{ sessionId: "s0", note: "missed (no-show)" }],
    });
  });

  it("is quiet below 10%", () => {
    const sessions = [...sessionsOf(["no_show"]).map((s) => ({ ...s, startsAt: daysAgo(55) })), ...sessionsOf(Array(10).fill("attended"))];
    expect(firedRules(facts({ sessions }))).not.toContain("missedShare");
  });

  it("gives +35 instead at 20% (2 of 10), +20 just below (2 of 11)", () => {
    const twoOfTen = sessionsOf(["no_show", "attended", "late_cancelled", ...Array(7).fill("attended")]);
    expect(reasonOf(facts({ sessions: twoOfTen }), "missedShare")!.points).toBe(35);
    const twoOfEleven = [...twoOfTen.map((s) => ({ ...s, startsAt: new Date(s.startsAt.getTime() - 3 * DAY) })), ...sessionsOf(["attended"])];
    expect(reasonOf(facts({ sessions: twoOfEleven }), "missedShare")!.points).toBe(20);
  });

  it("counts excused cancellations apart: they neither miss nor count as held", () => {
    const card = scoreStudent(facts({ sessions: sessionsOf(["excused", "excused", ...Array(6).fill("attended")]) }), DEFAULT_HEALTH_RULES);
    expect(card.figures).toMatchObject({ held: 6, excused: 2, attendancePercent: 100 });
    expect(card.reasons.map((reason) => reason.rule)).not.toContain("missedShare");
  });
});

describe("misses in a row (2, +15)", () => {
  it("fires on the last two sessions missed, not on one, nor on two that are not the latest", () => {
    expect(reasonOf(facts({ sessions: attendedThen(6, "absent", "no_show") }), "consecutiveMisses")).toMatchObject({
      points: 15,
      reason: "Missed the last 2 sessions in a row: +15",
    });
    expect(firedRules(facts({ sessions: attendedThen(7, "absent") }))).not.toContain("consecutiveMisses");
    expect(firedRules(facts({ sessions: [...attendedThen(5, "absent", "no_show"), ...sessionsOf(["attended"])] }))).not.toContain("consecutiveMisses");
  });

  it("does not let an excused cancellation break a run, nor a pending session count", () => {
    const sessions = attendedThen(5, "absent", "excused", "no_show", "pending");
    expect(scoreStudent(facts({ sessions }), DEFAULT_HEALTH_RULES).figures.missesInARow).toBe(2);
  });
});

describe("minutes against the plan (below 80%, +15)", () => {
  it("fires at 75% and not at exactly 80%", () => {
    // 10 planned hours, 2 cancelled in time: 80% received, not below.
    expect(firedRules(facts({ sessions: sessionsOf(["excused", "excused", ...Array(8).fill("attended")]) }))).not.toContain("dosage");
    // 8 planned, 2 cancelled in time: 75%.
    expect(reasonOf(facts({ sessions: sessionsOf(["excused", "excused", ...Array(6).fill("attended")]) }), "dosage")).toMatchObject({
      reason: "Received 360 of 480 planned minutes (75%) in the last 8 weeks, below 80%: +15",
      evidence: [{ note: "60 min not received: cancelled in time" }, { note: "60 min not received: cancelled in time" }],
    });
  });

  it("calls an absence excused on the family's question excused, not cancelled in time", () => {
    const sessions = sessionsOf(["excused", "excused", ...Array(6).fill("attended")]);
    sessions[0] = { ...sessions[0]!, excusedOnQuestion: true };
    expect(reasonOf(facts({ sessions }), "dosage")?.evidence.map((item) => item.note)).toEqual([
      "60 min not received: absence excused",
      "60 min not received: cancelled in time",
    ]);
  });
});

describe("engagement (≤ 2 in two of the last three reports, +10)", () => {
  it("fires on two low of the last three, not on one, nor on two low that are older", () => {
    expect(reasonOf(facts({ reports: reports([{ engagement: 2 }, { engagement: 4 }, { engagement: 1 }]) }), "lowEngagement")).toMatchObject({
      reason: "Engagement 2 or lower in 2 of the last 3 reports: +10",
    });
    expect(firedRules(facts({ reports: reports([{ engagement: 3 }, { engagement: 4 }, { engagement: 2 }]) }))).not.toContain("lowEngagement");
    expect(
      firedRules(facts({ reports: reports([{ engagement: 2 }, { engagement: 2 }, { engagement: 4 }, { engagement: 3 }, { engagement: 2 }]) })),
    ).not.toContain("lowEngagement");
  });

  it("skips reports without an engagement rating", () => {
    expect(firedRules(facts({ reports: reports([{ engagement: 2 }, { engagement: null }, { engagement: 2 }]) }))).toContain("lowEngagement");
  });
});

describe("understanding (down a point over four reports, +10)", () => {
  it("fires from 4 to 3 over four reports, not from 4 to 4, nor over three", () => {
    const fell = reports([{ understanding: 4 }, { understanding: 4 }, { understanding: 3 }, { understanding: 3 }]);
    expect(reasonOf(facts({ reports: fell }), "understandingFalling")).toMatchObject({ reason: "Understanding fell from 4 to 3 over the last 4 reports: +10" });
    const flat = reports([{ understanding: 4 }, { understanding: 3 }, { understanding: 3 }, { understanding: 4 }]);
    expect(firedRules(facts({ reports: flat }))).not.toContain("understandingFalling");
    expect(firedRules(facts({ reports: fell.slice(1) }))).not.toContain("understandingFalling");
  });
});

describe("no session (21 days, +15)", () => {
  it("fires at 21 days since the last attended session, not at 20", () => {
    const at = (days: number) => facts({ sessions: [], lastAttendedAt: daysAgo(days) });
    expect(reasonOf(at(21), "noRecentSession")).toMatchObject({ points: 15, reason: "No session attended in 21 days: +15" });
    expect(firedRules(at(20.9))).not.toContain("noRecentSession");
  });

  it("counts from the student's start when they never attended one", () => {
    expect(reasonOf(facts({ sessions: [], lastAttendedAt: null, activeSince: daysAgo(30) }), "noRecentSession")!.reason).toBe(
      "No session attended since joining 30 days ago: +15",
    );
    expect(firedRules(facts({ sessions: [], lastAttendedAt: null, activeSince: daysAgo(10) }))).toEqual([]);
  });
});

describe("homework (not done in half of the last six, +10)", () => {
  it("fires on three not done of the last six that set homework, not on two", () => {
    const three = reports([{ homework: "not_done" }, { homework: "completed" }, { homework: "not_done" }, { homework: "none_set" }, { homework: "not_done" }]);
    expect(reasonOf(facts({ reports: three }), "homeworkNotDone")).toMatchObject({ reason: "Homework not done in 3 of the last 4 reports that set some: +10" });
    const two = reports([{ homework: "not_done" }, { homework: "partly" }, { homework: "not_done" }, { homework: "completed" }]);
    expect(firedRules(facts({ reports: two }))).not.toContain("homeworkNotDone");
  });

  it("reads only the last six that set homework", () => {
    const old = reports([{ homework: "not_done" }, { homework: "not_done" }, ...Array(5).fill({ homework: "completed" }), { homework: "not_done" }]);
    expect(firedRules(facts({ reports: old }))).not.toContain("homeworkNotDone");
  });
});

describe("the rules as admins tune them", () => {
  it("a rule turned off never fires; a staff-only rule counts for staff, not in the family's score", () => {
    const input = facts({ sessions: attendedThen(6, "absent", "no_show") });
    const off: HealthRules = {
      ...DEFAULT_HEALTH_RULES,
      rules: { ...DEFAULT_HEALTH_RULES.rules, consecutiveMisses: { ...DEFAULT_HEALTH_RULES.rules.consecutiveMisses, enabled: false } },
    };
    expect(firedRules(input, off)).not.toContain("consecutiveMisses");
    const staffOnly: HealthRules = {
      ...DEFAULT_HEALTH_RULES,
      rules: { ...DEFAULT_HEALTH_RULES.rules, consecutiveMisses: { ...DEFAULT_HEALTH_RULES.rules.consecutiveMisses, familyVisible: false } },
    };
    const card = scoreStudent(input, staffOnly);
    expect(card.score - card.familyScore).toBe(15);
  });

  it("refuses bands out of order, a higher share not above the first, and more low reports than read, each on its field", () => {
    const wrong = {
      ...DEFAULT_HEALTH_RULES,
      actFrom: 20,
      rules: {
        ...DEFAULT_HEALTH_RULES.rules,
        missedShare: { ...DEFAULT_HEALTH_RULES.rules.missedShare, highPercent: 10 },
        lowEngagement: { ...DEFAULT_HEALTH_RULES.rules.lowEngagement, count: 4 },
      },
    };
    const result = healthRulesSchema.safeParse(wrong);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.path.join("."))).toEqual(["actFrom", "rules.missedShare.highPercent", "rules.lowEngagement.count"]);
    expect(healthRulesSchema.safeParse(DEFAULT_HEALTH_RULES).success).toBe(true);
  });

  it("stops the score at 100 when everything fires, and says what the points add up to", () => {
    const input = facts({
      sessions: sessionsOf(["no_show", "absent", "absent", "no_show"]).map((s) => ({ ...s, startsAt: new Date(s.startsAt.getTime() - 21 * DAY) })),
      lastAttendedAt: daysAgo(60),
      reports: reports([
        { engagement: 1, understanding: 5, homework: "not_done" },
        { engagement: 1, understanding: 4, homework: "not_done" },
        { engagement: 1, understanding: 4, homework: "not_done" },
        { engagement: 1, understanding: 3, homework: "not_done" },
      ]),
    });
    const card = scoreStudent(input, DEFAULT_HEALTH_RULES);
    expect(card.pointsTotal).toBe(110);
    expect(card).toMatchObject({ score: 100, band: "act" });
  });
});

describe("the score's arithmetic (property)", () => {
  const outcome = fc.constantFrom<SessionOutcome | MissedAs>("attended", "attended", "attended", "excused", "pending", "no_show", "late_cancelled", "absent");
  const rating = fc.option(fc.integer({ min: 1, max: 5 }), { nil: null });
  const report = fc.record({
    engagement: rating,
    understanding: rating,
    homework: fc.constantFrom("completed", "partly", "not_done", "none_set") as fc.Arbitrary<HealthReport["homework"]>,
    scorePercent: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  });
  const tuned = fc
    .record({
      points: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 8, maxLength: 8 }),
      enabled: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
      familyVisible: fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
      watchFrom: fc.integer({ min: 1, max: 60 }),
      windowWeeks: fc.integer({ min: 2, max: 26 }),
    })
    .map(({ points, enabled, familyVisible, watchFrom, windowWeeks }): HealthRules => {
      const base = DEFAULT_HEALTH_RULES.rules;
      const keys = Object.keys(base) as (keyof typeof base)[];
      const rules = Object.fromEntries(
        keys.map((key, index) => [key, { ...base[key], enabled: enabled[index]!, familyVisible: familyVisible[index]!, points: points[index]! }]),
      ) as HealthRules["rules"];
      rules.missedShare.highPoints = points[7]!;
      return { windowWeeks, watchFrom, actFrom: watchFrom + 20, rules };
    });

  it("score = min(100, Σ points of the fired rules), banded; family score over the visible ones; evidence behind each", () => {
    fc.assert(
      fc.property(
        fc.array(outcome, { maxLength: 30 }),
        fc.array(report, { maxLength: 12 }),
        fc.integer({ min: 0, max: 90 }),
        tuned,
        (outcomes, reportFacts, lastDays, rules) => {
          const input = facts({ sessions: sessionsOf(outcomes), reports: reports(reportFacts), lastAttendedAt: daysAgo(lastDays) });
          const card = scoreStudent(input, rules);
          const sum = card.reasons.reduce((total, reason) => total + reason.points, 0);
          expect(card.pointsTotal).toBe(sum);
          expect(card.score).toBe(Math.min(100, sum));
          expect(card.band).toBe(bandOf(card.score, rules));
          const visible = card.reasons.filter((reason) => reason.familyVisible).reduce((total, reason) => total + reason.points, 0);
          expect(card.familyScore).toBe(Math.min(100, visible));
          for (const reason of card.reasons) {
            expect(rules.rules[reason.rule].enabled).toBe(true);
            expect(reason.points).toBeGreaterThan(0);
            expect(reason.reason).toMatch(new RegExp(`: \\+${reason.points}$`));
            if (reason.rule !== "noRecentSession") expect(reason.evidence.length).toBeGreaterThan(0);
          }
          expect(new Set(card.reasons.map((reason) => reason.rule)).size).toBe(card.reasons.length);
        },
      ),
      { numRuns: 500 },
    );
  });
});
