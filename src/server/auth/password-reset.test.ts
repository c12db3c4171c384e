import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../tests/client.ts";
import { mailsTo, sessionsOf } from "../../../tests/db.ts";
import { createAdmin, latestMail, linkIn, signIn, uniqueEmail, type AdminFixture } from "../../../tests/factories.ts";
import { createTestApp, type TestApp } from "../../../tests/setup/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const NEW_PASSWORD = "A-Brand-New-Passphrase-77";
const requestReset = (email: string) => new ApiClient(t.app).post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });

/** Requests a reset for the admin and returns the token from the mailed link. */
async function mailedToken(admin: AdminFixture): Promise<string> {
  expect((await requestReset(admin.user.email)).status).toBe(200);
  const mail = await latestMail(t.db, admin.user.email, "Reset your Glassroom password");
  expect(mail).toBeDefined();
  const link = new URL(linkIn(mail!.body, "/api/auth/reset-password/"));
  expect(link.origin).toBe("http://localhost:3000");
  return link.pathname.split("/").at(-1)!;
}

describe("password reset", () => {
  it("answers the same for an existing and an unknown email, and mails only the existing one", async () => {
    const admin = await createAdmin(t);
    const unknownEmail = uniqueEmail("ghost");
    const known = await requestReset(admin.user.email);
    const unknown = await requestReset(unknownEmail);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(await mailsTo(t.db, unknownEmail)).toHaveLength(0);
    expect((await mailsTo(t.db, admin.user.email)).map((mail) => mail.subject)).toContain("Reset your Glassroom password");
  });

  it("the mailed link leads to the reset page with the token", async () => {
    const admin = await createAdmin(t);
    const token = await mailedToken(admin);
    const mail = await latestMail(t.db, admin.user.email, "Reset your Glassroom password");
    const res = await new ApiClient(t.app).get(linkIn(mail!.body, "/api/auth/reset-password/"));
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!, "http://localhost:3000");
    expect(location.pathname).toBe("/reset-password");
    expect(location.searchParams.get("token")).toBe(token);
  });

  it("resets the password with the mailed token and ends every session", async () => {
    const admin = await createAdmin(t);
    const laptop = admin.client;
    const phone = await signIn(t, admin.user.email, admin.user.password);
    expect(await sessionsOf(t.db, admin.user.id)).toHaveLength(2);

    const token = await mailedToken(admin);
    const res = await new ApiClient(t.app).post("/api/auth/reset-password", { newPassword: NEW_PASSWORD, token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: true });

    expect(await sessionsOf(t.db, admin.user.id)).toHaveLength(0);
    expect((await laptop.get("/api/me")).status).toBe(401);
    expect((await phone.get("/api/me")).status).toBe(401);

    const old = await new ApiClient(t.app).post("/api/auth/sign-in/email", { email: admin.user.email, password: admin.user.password });
    expect(old.status).toBe(401);
    const client = await signIn(t, admin.user.email, NEW_PASSWORD);
    expect((await client.get("/api/me")).status).toBe(200);

    // The token works once.
    const reuse = await new ApiClient(t.app).post("/api/auth/reset-password", { newPassword: "Yet-Another-Passphrase-88", token });
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe("INVALID_TOKEN");
  });

  it("refuses a common new password and keeps the old one (and the token)", async () => {
    const admin = await createAdmin(t);
    const token = await mailedToken(admin);
    const res = await new ApiClient(t.app).post("/api/auth/reset-password", { newPassword: "password123", token });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("PASSWORD_TOO_COMMON");
    expect(res.body.message).toMatch(/too common/);
    expect(await sessionsOf(t.db, admin.user.id)).toHaveLength(1);
    await signIn(t, admin.user.email, admin.user.password);
    // The refused attempt did not use the token up.
    expect((await new ApiClient(t.app).post("/api/auth/reset-password", { newPassword: NEW_PASSWORD, token })).status).toBe(200);
  });

  it("refuses a too-short new password and a made-up token", async () => {
    const admin = await createAdmin(t);
    const token = await mailedToken(admin);
    const short = await new ApiClient(t.app).post("/api/auth/reset-password", { newPassword: "Short-1", token });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe("PASSWORD_TOO_SHORT");
    const forged = await new ApiClient(t.app).post("/api/auth/reset-password", { newPassword: NEW_PASSWORD, token: "made-up-token" });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe("INVALID_TOKEN");
    await signIn(t, admin.user.email, admin.user.password);
  });
});
