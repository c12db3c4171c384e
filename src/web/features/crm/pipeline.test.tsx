import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Funnel, FunnelFigures as Figures, ImportPreview } from "../../../shared/schemas/crm-pipeline.ts";
import { renderWithRouter } from "../../test/render.tsx";
import { viewerAs, withViewer } from "../../test/viewer.tsx";
import { FunnelFigures } from "./funnel-figures.tsx";
import { ImportLeadsButton } from "./import-leads.tsx";
import { MergeLeadsButton } from "./merge-leads.tsx";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
afterEach(() => vi.unstubAllGlobals());

const preview: ImportPreview = {
  columns: [
    { header: "Guardian", column: "guardian name" },
    { header: "Email", column: "email" },
    { header: "Shoe size", column: null },
  ],
  rows: [
    {
      row: 2,
      errors: [],
      duplicates: [{ matchedOn: "email", leadId: "lead-9", row: null, name: "Pat Earlier" }],
      lead: {
        guardianName: "Pat Import",
        studentName: null,
        email: "pat@example.com",
        phone: null,
        subjects: [],
        level: null,
        preferredTimes: null,
        source: "other",
        notes: "",
        owner: { memberId: "m-1", name: "Ada Admin" },
      },
    },
    { row: 3, lead: null, errors: [{ column: "email", message: "Email must be a valid email address." }], duplicates: [] },
  ],
  valid: 1,
  refused: 1,
};

describe("importing leads", () => {
  it("previews each row with its problems and duplicates, and imports only once refused rows are to be skipped", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith("/preview") ? json(200, preview) : json(201, { imported: 1, leadIds: ["lead-1"], skipped: [{ row: 3, errors: [] }] }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { user } = renderWithRouter(withViewer(<ImportLeadsButton area="admin" />, viewerAs("admin")));
    await user.click(screen.getByRole("button", { name: "Import leads" }));
    const dialog = await screen.findByRole("dialog", { name: "Import leads from a CSV file" });
    await user.type(within(dialog).getByLabelText("Or paste the file's text"), "Guardian,Email");
    await user.click(within(dialog).getByRole("button", { name: "Preview" }));
    expect(await within(dialog).findByText("email: Email must be a valid email address.")).toBeTruthy();
    expect(within(dialog).getByText("Same email as the lead Pat Earlier")).toBeTruthy();
    expect(within(dialog).getByText(/Columns not read: Shoe size/)).toBeTruthy();
    const importButton = within(dialog).getByRole("button", { name: "Import 1 lead" });
    expect(importButton.hasAttribute("disabled")).toBe(true);
    await user.click(within(dialog).getByLabelText("Skip the 1 refused row and import the others"));
    await user.click(importButton);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe("/api/admin/crm/leads/import");
    expect(JSON.parse(String(init.body))).toEqual({ csv: "Guardian,Email", consentBasis: "legitimate_interest", skipInvalid: true });
  });
});

describe("merging", () => {
  it("asks before merging the duplicate into the lead shown", async () => {
    const fetchMock = vi.fn(async () => json(200, { id: "lead-a" }));
    vi.stubGlobal("fetch", fetchMock);
    const { user } = renderWithRouter(
      withViewer(<MergeLeadsButton area="tutor" lead={{ id: "lead-a", name: "Mo Merge" }} duplicate={{ id: "lead-b", name: "Mo M." }} />, viewerAs("tutor")),
    );
    await user.click(screen.getByRole("button", { name: "Merge Mo M. into this lead" }));
    const dialog = await screen.findByRole("dialog", { name: "Merge the duplicate into this lead?" });
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Merge and delete the duplicate" }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, JSON.parse(String(init.body))]).toEqual(["/api/tutor/crm/leads/lead-a/merge", { duplicateLeadId: "lead-b" }]);
  });
});

describe("the funnel's figures", () => {
  const figures = (leads: number, converted: number): Figures => ({
    leads,
    steps: [
      { stageId: "s1", stage: "New", current: 1, reached: leads, conversion: null },
      { stageId: "s2", stage: "Won", current: converted, reached: converted, conversion: converted / leads },
    ],
    lost: 0,
    converted,
    withTrial: 2,
    trialConversion: 0.5,
    medianDaysToConvert: 7,
  });
  it("shows the headline figures, the stages and the tables by source and owner", async () => {
    const funnel: Funnel = {
      from: "2026-10-01",
      to: "2026-10-31",
      overall: figures(4, 2),
      bySource: [{ source: "referral", ...figures(2, 1) }],
      byOwner: [{ owner: { memberId: "m-t", name: "Tina Tutor" }, ...figures(4, 2) }],
    };
    const fetchMock = vi.fn(async () => json(200, funnel));
    vi.stubGlobal("fetch", fetchMock);
    renderWithRouter(withViewer(<FunnelFigures area="admin" timeZone="UTC" />, viewerAs("admin")));
    expect(await screen.findByText("Stages of the 4 leads made 2026-10-01 to 2026-10-31 (0 lost)")).toBeTruthy();
    expect(screen.getAllByText("7 days").length).toBeGreaterThan(0);
    expect(screen.getByText("Referral")).toBeTruthy();
    expect(screen.getByText("Tina Tutor")).toBeTruthy();
    expect(String((fetchMock.mock.calls[0] as unknown as [string])[0])).toMatch(/^\/api\/admin\/crm\/funnel\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  });
});
