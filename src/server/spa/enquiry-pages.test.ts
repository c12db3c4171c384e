/**
 * A workspace's enquiry page as the server sends it: the pre-rendered shell with the
 * workspace's name and address written in (readable and sendable without JavaScript), the UTM
 * parameters kept on the form's address, framable by other sites; a plain form post that
 * becomes a lead and lands on the thank-you page, or the page again listing what was refused;
 * an unknown workspace's page is 404.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild } from "../../../bench/support/build.ts";
import { BUILD_CLIENT } from "../../../bench/support/paths.ts";
import { createAdmin, type AdminFixture } from "../../../tests/factories.ts";
import { hostileString } from "../../../tests/security/hostile.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";
import type { LeadPage } from "../../shared/schemas/crm.ts";
import { WORKSPACE_ENQUIRY_FIELDS } from "../../shared/workspace-enquiry-values.ts";
import { organization } from "../db/auth-schema.ts";
import { loadWebBuild } from "./serve.ts";

let t: TestApp;
let admin: AdminFixture;
let slug: string;

beforeAll(async () => {
  ensureBuild();
  t = await createTestApp({ web: loadWebBuild(BUILD_CLIENT)!, env: { RATE_LIMIT_MULTIPLIER: "100" } });
  admin = await createAdmin(t, { workspaceName: `Bright & "Early" Tutors` });
  const [row] = await t.db.select({ slug: organization.slug }).from(organization).where(eq(organization.id, admin.organizationId));
  slug = row!.slug;
}, 600_000);
afterAll(async () => t?.close());

const post = (path: string, fields: Record<string, string>) =>
  t.app.request(path, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });

describe("a workspace's enquiry page", () => {
  it("is the shell with the workspace's name (escaped) and address written in, framable, the campaign kept on the form", async () => {
    const response = await t.app.request(`/enquire/${slug}?utm_source=newsletter&utm_campaign=autumn&other=x`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(response.headers.get("x-frame-options")).toBeNull();
    const html = await response.text();
    expect(html).toContain("<title>Enquire with Bright &amp; &quot;Early&quot; Tutors</title>");
    expect(html).toContain("Enquire with <!-- -->Bright &amp; &quot;Early&quot; Tutors");
    expect(html).toContain(`action="/enquire/${slug}?utm_source=newsletter&amp;utm_campaign=autumn"`);
    expect(html).not.toContain("__WORKSPACE_NAME__");
    expect(html).not.toMatch(/="\/enquire\/__workspace__/);
    // Every other page still refuses frames.
    expect((await t.app.request("/company/contact")).headers.get("x-frame-options")).toBe("DENY");
  });

  it("an unknown workspace's page is 404", async () => {
    expect((await t.app.request("/enquire/no-such-business")).status).toBe(404);
    expect((await post("/enquire/no-such-business", { guardianName: "X" })).status).toBe(404);
  });

  it("a plain form post becomes a lead of the campaign and lands on the thank-you page", async () => {
    const response = await post(`/enquire/${slug}?utm_source=newsletter`, {
      guardianName: "Nora Noscript",
      email: "nora@example.com",
      subjects: "Maths, Physics",
      level: "Year 10",
      consent: "true",
      homepage: "",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/enquire/${slug}/sent`);
    const thanks = await (await t.app.request(`/enquire/${slug}/sent`)).text();
    expect(thanks).toContain("Enquiry sent");
    expect(thanks).toContain(`href="/enquire/${slug}"`);
    const leads = await admin.client.get<LeadPage>("/api/admin/crm/leads");
    expect(leads.body.items).toMatchObject([{ guardianName: "Nora Noscript", source: "campaign", subjects: ["Maths", "Physics"] }]);
  });

  it("a refused post shows the page again with each problem named, and writes nothing", async () => {
    const response = await post(`/enquire/${slug}`, { guardianName: "", email: "not an email", homepage: "" });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("Your enquiry was not sent");
    expect(html).toContain("Agree to be contacted about your enquiry.");
    expect(html).toMatch(/<li>[^<]*email[^<]*<\/li>/i);
    expect((await admin.client.get<LeadPage>("/api/admin/crm/leads")).body.total).toBe(1);
  });

  it("answers hostile form posts (any text in any field, any fields) with the page or the thank-you, never an error of its own", async () => {
    // The form's own fields, and names it does not have.
    const fields = [...WORKSPACE_ENQUIRY_FIELDS, "utm", "__proto__"];
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...fields), hostileString, { maxKeys: 8 }), async (posted) => {
        const response = await post(`/enquire/${slug}?utm_source=${encodeURIComponent("<x>")}`, posted);
        expect([303, 422]).toContain(response.status);
        if (response.status === 422) expect(await response.text()).toContain("Your enquiry was not sent");
      }),
      { numRuns: 60 },
    );
  });
});
