import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../../../../tests/client.ts";
import { createAdmin, createDevopsUser, createMember, type AdminFixture, type MemberFixture } from "../../../../tests/factories.ts";
import { assignTutor, createCalendarFeed, createSession, createStudent, linkGuardian } from "../../../../tests/people-factories.ts";
import { createTestApp, type TestApp } from "../../../../tests/setup/test-app.ts";
import type { Session } from "../../../shared/schemas/sessions.ts";
import { calendarFeed, student } from "../../db/schema.ts";
import { escapeText, foldLine } from "./ics.ts";

interface Property {
  name: string;
  params: string;
  value: string;
}
interface Component {
  name: string;
  properties: Property[];
  children: Component[];
}

/**
 * A small RFC 5545 reader: checks CRLF line ends and the 75-octet limit, unfolds continuation
 * lines, and nests BEGIN/END components. Values stay escaped; `text` unescapes a TEXT value.
 */
function parseIcs(body: string): Component {
  expect(body.endsWith("\r\n")).toBe(true);
  const physical = body.slice(0, -2).split("\r\n");
  for (const line of physical) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(" ") || line.startsWith("\t")) logical[logical.length - 1] += line.slice(1);
    else logical.push(line);
  }
  const stack: Component[] = [{ name: "ROOT", properties: [], children: [] }];
  for (const line of logical) {
    const match = /^([A-Z0-9-]+)((?:;[^:]*)?):(.*)$/.exec(line);
    expect(match, `not a content line: ${line}`).not.toBeNull();
    const [, name, params, value] = match!;
    if (name === "BEGIN") {
      const component: Component = { name: value!, properties: [], children: [] };
      stack[stack.length - 1]!.children.push(component);
      stack.push(component);
    } else if (name === "END") {
      expect(stack.pop()!.name).toBe(value);
    } else {
      stack[stack.length - 1]!.properties.push({ name: name!, params: params!, value: value! });
    }
  }
  expect(stack).toHaveLength(1);
  expect(stack[0]!.children).toHaveLength(1);
  return stack[0]!.children[0]!;
}

const prop = (component: Component, name: string) => component.properties.find((property) => property.name === name)?.value;
const text = (value: string | undefined) => value?.replace(/\\([\\;,nN])/g, (_, character: string) => (character.toLowerCase() === "n" ? "\n" : character));
const utc = (iso: string) => iso.replace(/\.\d{3}/, "").replace(/[-:]/g, "");

let t: TestApp;
let admin: AdminFixture;
let otherAdmin: AdminFixture;
let tina: MemberFixture;
let theo: MemberFixture;
let parent: MemberFixture;
let pupil: MemberFixture;
let group: Session;
let noahAlone: Session;
let cancelled: Session;
let elsewhere: Session;

const NOTES =
  "Bring: ruler, pencil; calculator\\protractor\nand the worksheet — Ünïcödé ✓ for this week's long lesson on quadratic equations and their graphs.";
/** A local date-time (YYYY-MM-DDTHH:MM) `days` from today at `hour`:00. */
const inDays = (days: number, hour: number) => `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${String(hour).padStart(2, "0")}:00`;
const feedOf = async (url: string) => {
  const res = await new ApiClient(t.app).get(new URL(url).pathname);
  return { status: res.status, res, calendar: res.status === 200 ? parseIcs(res.text) : null };
};
const uidsOf = (calendar: Component | null) =>
  (calendar?.children ?? [])
    .filter((child) => child.name === "VEVENT")
    .map((event) => prop(event, "UID")!.split("@")[0])
    .sort();

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t, { fullName: "Ada Admin", workspaceName: "Ada, Tutoring; Inc" });
  otherAdmin = await createAdmin(t, { fullName: "Olga Other", workspaceName: "Other Tutoring" });
  tina = await createMember(t, { admin, role: "tutor", fullName: "Tina Tutor" });
  theo = await createMember(t, { admin, role: "tutor", fullName: "Theo Teacher" });
  parent = await createMember(t, { admin, role: "parent", fullName: "Pat Parent" });
  pupil = await createMember(t, { admin, role: "student", fullName: "Maya Login" });
  const maya = (await createStudent(admin.client, { name: "Maya Lopez" })).id;
  const noah = (await createStudent(admin.client, { name: "Noah Kim" })).id;
  const far = (await createStudent(otherAdmin.client, { name: "Elsa Elsewhere" })).id;
  await linkGuardian(admin.client, maya, parent.memberId);
  await t.db.update(student).set({ userId: pupil.user.id }).where(eq(student.id, maya));
  for (const id of [maya, noah]) await assignTutor(admin.client, { tutorMemberId: tina.memberId, studentId: id });
  await assignTutor(admin.client, { tutorMemberId: theo.memberId, studentId: maya });
  const otherTutor = await createMember(t, { admin: otherAdmin, role: "tutor", fullName: "Otto Other" });
  await assignTutor(otherAdmin.client, { tutorMemberId: otherTutor.memberId, studentId: far });

  group = (
    await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [maya, noah],
      subject: "Maths, Algebra; II",
      startsAt: inDays(3, 16),
      endsAt: inDays(3, 17),
      timeZone: "Europe/London",
      location: "Room 2, Floor 1",
      notes: NOTES,
    })
  ).items[0]!;
  noahAlone = (
    await createSession(admin.client, {
      tutorMemberId: tina.memberId,
      studentIds: [noah],
      subject: "Chemistry",
      startsAt: inDays(4, 16),
      endsAt: inDays(4, 17),
      timeZone: "America/New_York",
    })
  ).items[0]!;
  const [theos] = (
    await createSession(admin.client, {
      tutorMemberId: theo.memberId,
      studentIds: [maya],
      subject: "Physics",
      startsAt: inDays(10, 9),
      endsAt: inDays(10, 10),
      onlineUrl: "https://meet.example.com/abc?x=1&y=2",
    })
  ).items;
  const cancel = await admin.client.post(`/api/admin/sessions/${theos!.id}/cancel`, { scope: "this", reason: "Teacher ill" });
  expect(cancel.status).toBe(200);
  cancelled = cancel.body.items[0];
  elsewhere = (
    await createSession(otherAdmin.client, { tutorMemberId: otherTutor.memberId, studentIds: [far], startsAt: inDays(3, 16), endsAt: inDays(3, 17) })
  ).items[0]!;
  // Outside the feed's window: 200 days ahead.
  await createSession(admin.client, {
    tutorMemberId: tina.memberId,
    studentIds: [maya],
    subject: "Far future",
    startsAt: inDays(200, 12),
    endsAt: inDays(200, 13),
  });
}, 90_000);
afterAll(() => t?.close());

describe("the RFC 5545 writer", () => {
  it("escapes TEXT and folds at 75 octets without cutting a character", () => {
    expect(escapeText("a,b;c\\d\r\ne\nf")).toBe("a\\,b\\;c\\\\d\\ne\\nf");
    const folded = foldLine(`DESCRIPTION:${"é".repeat(100)}`);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join("")).toBe(`DESCRIPTION:${"é".repeat(100)}`);
  });
});

describe("the member's feed", () => {
  it("does not exist until made, then answers when it was made (never the URL)", async () => {
    const before = await tina.client.get("/api/calendar-feed");
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ exists: false, createdAt: null });
    const made = await tina.client.post("/api/calendar-feed");
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ url: expect.stringMatching(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/), replaced: false });
    const after = await tina.client.get("/api/calendar-feed");
    expect(after.body).toEqual({ exists: true, createdAt: made.body.createdAt });
    expect(after.text).not.toContain(new URL(made.body.url).pathname.split("/").pop()!.replace(".ics", ""));
    const [row] = await t.db.select().from(calendarFeed).where(eq(calendarFeed.memberId, tina.memberId));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("parses: one VEVENT per session with UID, UTC times, SEQUENCE, DTSTAMP, escaped text and the cancelled status", async () => {
    const { status, res, calendar } = await feedOf(await createCalendarFeed(admin.client));
    expect(status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(calendar!.name).toBe("VCALENDAR");
    expect(prop(calendar!, "VERSION")).toBe("2.0");
    expect(prop(calendar!, "PRODID")).toBeTruthy();
    expect(text(prop(calendar!, "X-WR-CALNAME"))).toBe("Ada, Tutoring; Inc sessions");
    expect(uidsOf(calendar)).toEqual([group.id, noahAlone.id, cancelled.id].sort());
    const events = calendar!.children;
    for (const event of events) {
      expect(event.name).toBe("VEVENT");
      for (const name of ["DTSTART", "DTEND", "DTSTAMP"]) expect(prop(event, name)).toMatch(/^\d{8}T\d{6}Z$/);
      expect(prop(event, "SEQUENCE")).toMatch(/^\d+$/);
      expect(prop(event, "UID")).toMatch(/@localhost$/);
    }
    const byId = (id: string) => events.find((event) => prop(event, "UID")!.startsWith(id))!;
    const first = byId(group.id);
    expect(prop(first, "DTSTART")).toBe(utc(group.startsAt));
    expect(prop(first, "DTEND")).toBe(utc(group.endsAt));
    expect(prop(first, "SUMMARY")).toBe("Maths\\, Algebra\\; II with Tina Tutor");
    expect(text(prop(first, "LOCATION"))).toBe("Room 2, Floor 1");
    expect(text(prop(first, "DESCRIPTION"))).toContain(NOTES);
    expect(text(prop(first, "DESCRIPTION"))).toContain("Students: Maya Lopez, Noah Kim");
    expect(prop(first, "STATUS")).toBe("CONFIRMED");
    // New York's 16:00 is not London's: stored and written in UTC.
    expect(prop(byId(noahAlone.id), "DTSTART")).toBe(utc(noahAlone.startsAt));
    const off = byId(cancelled.id);
    expect(prop(off, "STATUS")).toBe("CANCELLED");
    expect(Number(prop(off, "SEQUENCE"))).toBeGreaterThanOrEqual(Number(prop(first, "SEQUENCE")));
    expect(prop(off, "URL")).toBe("https://meet.example.com/abc?x=1&y=2");
    expect(text(prop(off, "DESCRIPTION"))).toContain("Reason: Teacher ill");
    // Folded lines were unfolded: the long notes came back whole.
    expect(res.text).toMatch(/\r\n [^\r\n]/);
  });

  it("reads the same in ical.js, Mozilla's iCalendar library (Thunderbird's): every session, its UTC times, text and status", async () => {
    const res = await new ApiClient(t.app).get(new URL(await createCalendarFeed(admin.client)).pathname);
    const calendar = new ICAL.Component(ICAL.parse(res.text));
    expect(calendar.name).toBe("vcalendar");
    const events = calendar.getAllSubcomponents("vevent").map((component) => ({ component, event: new ICAL.Event(component) }));
    expect(events.map(({ event }) => event.uid.split("@")[0]).sort()).toEqual([group.id, noahAlone.id, cancelled.id].sort());
    const byId = (id: string) => events.find(({ event }) => event.uid.startsWith(id))!;
    const first = byId(group.id);
    expect(first.event.summary).toBe("Maths, Algebra; II with Tina Tutor");
    expect(first.event.location).toBe("Room 2, Floor 1");
    expect(first.event.description).toContain(NOTES);
    expect(first.event.startDate.toJSDate().toISOString()).toBe(group.startsAt);
    expect(first.event.endDate.toJSDate().toISOString()).toBe(group.endsAt);
    expect(first.event.startDate.zone.tzid).toBe("UTC");
    expect(first.component.getFirstPropertyValue("status")).toBe("CONFIRMED");
    expect(byId(noahAlone.id).event.startDate.toJSDate().toISOString()).toBe(noahAlone.startsAt);
    expect(byId(cancelled.id).component.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("holds only the member's own sessions: the tutor's jobs, the parent's child, the student's own, the other workspace apart", async () => {
    expect(uidsOf((await feedOf(await createCalendarFeed(tina.client))).calendar)).toEqual([group.id, noahAlone.id].sort());
    expect(uidsOf((await feedOf(await createCalendarFeed(theo.client))).calendar)).toEqual([cancelled.id]);
    const parents = (await feedOf(await createCalendarFeed(parent.client))).calendar;
    expect(uidsOf(parents)).toEqual([group.id, cancelled.id].sort());
    const groupForParent = parents!.children.find((event) => prop(event, "UID")!.startsWith(group.id))!;
    expect(text(prop(groupForParent, "DESCRIPTION"))).toContain("Students: Maya Lopez");
    expect(text(prop(groupForParent, "DESCRIPTION"))).not.toContain("Noah");
    expect(uidsOf((await feedOf(await createCalendarFeed(pupil.client))).calendar)).toEqual([group.id, cancelled.id].sort());
    const others = await feedOf(await createCalendarFeed(otherAdmin.client));
    expect(uidsOf(others.calendar)).toEqual([elsewhere.id]);
    expect(others.res.text).not.toContain("Maya");
  });

  it("made again: the old URL answers 404 and the new one works", async () => {
    const old = await createCalendarFeed(parent.client);
    expect((await feedOf(old)).status).toBe(200);
    const again = await parent.client.post("/api/calendar-feed");
    expect(again.status).toBe(201);
    expect(again.body.replaced).toBe(true);
    expect(again.body.url).not.toBe(old);
    expect((await feedOf(old)).status).toBe(404);
    expect((await feedOf(again.body.url)).status).toBe(200);
  });

  it("answers 404 for an unknown or malformed token, and for a member no longer active", async () => {
    const client = new ApiClient(t.app);
    expect((await client.get(`/api/calendar/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await client.get("/api/calendar/not-a-token")).status).toBe(404);
    expect((await client.get(`/api/calendar/${"A".repeat(43)}`)).status).toBe(404);
    const url = await createCalendarFeed(theo.client);
    expect((await feedOf(url)).status).toBe(200);
    const suspend = await admin.client.post(`/api/admin/members/${theo.memberId}/suspend`, {});
    expect(suspend.status).toBe(200);
    expect((await feedOf(url)).status).toBe(404);
  });

  it("is refused to a signed-in account without an active membership, and to no one signed in", async () => {
    const pendingDevops = await createDevopsUser(t, { joinCode: admin.joinCode });
    expect((await pendingDevops.client.post("/api/calendar-feed")).status).toBe(403);
    expect((await pendingDevops.client.get("/api/calendar-feed")).status).toBe(403);
    expect((await new ApiClient(t.app).post("/api/calendar-feed")).status).toBe(401);
  });
});
