import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import type { Trial } from "../../../shared/schemas/crm-trials.ts";
import { renderWithRouter } from "../../test/render.tsx";
import { viewerAs } from "../../test/viewer.tsx";
import { sessionKeys } from "../session/api.ts";
import { ConvertLeadButton } from "./convert-lead.tsx";
import { TrialFeedbackButton, trialsAwaitingFeedback } from "./trial-feedback.tsx";
import { type CrmLeadRef, trialKeys } from "./trials-api.ts";

const lead: CrmLeadRef = {
  id: "lead-1",
  guardianName: "Gina Guardian",
  studentName: "Sam Starter",
  email: "gina@example.com",
  subjects: ["Maths"],
  owner: { memberId: "m-tina", name: "Tina Tutor" },
  convertedAt: null,
};

const trial = (id: string, startsAt: string, changes: Partial<Trial> = {}): Trial => ({
  id,
  leadId: lead.id,
  leadName: "Gina Guardian (for Sam Starter)",
  sessionId: `session-${id}`,
  tutor: { memberId: "m-tina", name: "Tina Tutor" },
  subject: "Physics",
  startsAt,
  endsAt: new Date(Date.parse(startsAt) + 3_600_000).toISOString(),
  timeZone: "UTC",
  sessionStatus: "scheduled",
  feedback: null,
  createdAt: "2026-11-01T09:00:00.000Z",
  ...changes,
});

/** A tutor's view of the lead, with its trials already in the cache. */
function renderWith(ui: ReactElement, trials: Trial[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionKeys.me, viewerAs("tutor"));
  client.setQueryData(trialKeys.leadTrials("tutor", lead.id), { items: trials });
  return renderWithRouter(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe("trial feedback", () => {
  it("waits for a trial that has begun, was not cancelled and has no feedback", () => {
    const now = Date.parse("2026-11-10T12:00:00.000Z");
    const trials = [
      trial("future", "2026-11-11T10:00:00.000Z"),
      trial("cancelled", "2026-11-09T10:00:00.000Z", { sessionStatus: "cancelled" }),
      trial("filed", "2026-11-08T10:00:00.000Z", {
        feedback: { attended: true, notes: "", recommendation: "enrol", byName: "Tina Tutor", at: "2026-11-08T12:00:00.000Z" },
      }),
      trial("waiting", "2026-11-10T10:00:00.000Z"),
    ];
    expect(trialsAwaitingFeedback(trials, now).map((item) => item.id)).toEqual(["waiting"]);
  });

  it("shows no button without such a trial; with one, the dialog asks attendance and a recommendation", async () => {
    const none = renderWith(<TrialFeedbackButton area="tutor" lead={lead} />, [trial("future", "2999-01-01T10:00:00.000Z")]);
    expect(screen.queryByRole("button", { name: "Trial feedback" })).toBeNull();
    none.unmount();

    const { user } = renderWith(<TrialFeedbackButton area="tutor" lead={lead} />, [trial("past", "2020-01-01T10:00:00.000Z")]);
    await user.click(screen.getByRole("button", { name: "Trial feedback" }));
    await user.click(await screen.findByRole("button", { name: "File feedback" }));
    expect(await screen.findByText("Say whether the student attended.")).toBeTruthy();
    expect(screen.getByText(/Recommendation must be one of/)).toBeTruthy();
  });
});

describe("converting", () => {
  it("is offered only before the lead converts, prefilled from the lead and its latest trial", async () => {
    const converted = renderWith(<ConvertLeadButton area="tutor" lead={{ ...lead, convertedAt: "2026-11-12T09:00:00.000Z" }} />, []);
    expect(screen.queryByRole("button", { name: "Convert" })).toBeNull();
    converted.unmount();

    const { user } = renderWith(<ConvertLeadButton area="tutor" lead={lead} />, [trial("latest", "2026-11-11T10:00:00.000Z")]);
    await user.click(screen.getByRole("button", { name: "Convert" }));
    expect((await screen.findByLabelText("Family name")).getAttribute("value")).toBe("Gina Guardian");
    expect(screen.getByRole("textbox", { name: /Students/ }).textContent).toBe("Sam Starter");
    expect(screen.getByRole("textbox", { name: /Guardians to invite/ }).textContent).toBe("gina@example.com");
    expect(screen.getByText("The students are assigned to Tina Tutor (the latest trial's tutor), for Physics.")).toBeTruthy();
  });
});
