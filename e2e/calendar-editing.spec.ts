/** Dragging, resizing and editing series from the calendar; who may not. */
import {
  addDays,
  calendarWorkspace,
  chooseView,
  dragEvent,
  dragEventToDay,
  events,
  eventsOn,
  fieldIn,
  nextMonday,
  notified,
  resizeEvent,
  scheduleAsAdmin,
  sessionsAsAdmin,
  weekOf,
  when,
} from "./support/calendar.ts";
import { linkGuardian, memberIdOf } from "./support/family.ts";
import { expect, expectAccessible, signInThroughForm, test } from "./support/fixtures.ts";
import { screenshots } from "./support/screens.ts";

test.describe("@calendar editing on the calendar", () => {
  test("@calendar a tutor drags one occurrence of a series to another day and time, a clash goes back, a resize changes the end", async ({ page, api }) => {
    test.setTimeout(120_000);
    const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
    const monday = nextMonday();
    const [tuesday, wednesday] = [addDays(monday, 1), addDays(monday, 2)];
    const series = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Mathematics",
      startsAt: `${monday}T16:00`,
      endsAt: `${monday}T17:00`,
      repeat: { frequency: "weekly", count: 4 },
    });
    await scheduleAsAdmin(admin, { tutorMemberId, studentIds: [student.id], subject: "Physics", startsAt: `${tuesday}T10:00`, endsAt: `${tuesday}T11:00` });

    await signInThroughForm(page, tutor);
    await expect(page).toHaveURL("/tutor/dashboard");
    await page.goto("/tutor/calendar");
    await weekOf(page, monday);
    const maths = events(page, "Mathematics");
    await expect(maths).toHaveCount(1);
    await expect(maths).toHaveClass(/fc-event-draggable/);

    // Onto the Physics session of the same tutor and student: refused with the server's message, and back.
    await dragEvent(page, maths, { date: tuesday, time: "10:00" });
    const scope = page.getByRole("dialog", { name: "Move a session of a series" });
    await expect(scope).toContainText("10:00–11:00");
    await expectAccessible(page);
    await screenshots(page, "cal-drag-scope");
    await scope.getByRole("button", { name: "This session only" }).click();
    await notified(page, `${tutor.name} already has a session then: Physics on`);
    await expect(eventsOn(page, monday).filter({ hasText: "Mathematics" })).toContainText("16:00");
    await expect(eventsOn(page, tuesday).filter({ hasText: "Mathematics" })).toHaveCount(0);

    // Dropped, then thought better of (Escape): back in place, nothing sent.
    await dragEvent(page, maths, { date: wednesday, time: "10:00" });
    await expect(scope).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(scope).toHaveCount(0);
    await expect(eventsOn(page, monday).filter({ hasText: "Mathematics" })).toContainText("16:00");
    await expect(eventsOn(page, wednesday)).toHaveCount(0);

    // To Wednesday 10:00: the tutor set no availability, so the move is confirmed.
    await dragEvent(page, maths, { date: wednesday, time: "10:00" });
    await scope.getByRole("button", { name: "This session only" }).click();
    const outside = page.getByRole("dialog", { name: "Outside the tutor's availability" });
    await expect(outside).toContainText("The tutor has not set any availability");
    await expectAccessible(page);
    await screenshots(page, "cal-drag-outside");
    await outside.getByRole("button", { name: "Move anyway" }).click();
    await notified(page, "Session moved");
    await expect(eventsOn(page, wednesday).filter({ hasText: "Mathematics" })).toContainText("10:00");
    await expect(eventsOn(page, monday).filter({ hasText: "Mathematics" })).toHaveCount(0);
    let held = await sessionsAsAdmin(admin, monday, addDays(monday, 28));
    const byId = (id: string) => held.find((session) => session.id === id)!;
    expect(when(byId(series[0]!.id))).toBe(`${wednesday} 10:00–11:00`);
    for (const [index, occurrence] of series.slice(1).entries()) expect(when(byId(occurrence.id))).toBe(`${addDays(monday, 7 * (index + 1))} 16:00–17:00`);

    // Half an hour longer by its end.
    await resizeEvent(page, eventsOn(page, wednesday).filter({ hasText: "Mathematics" }), "11:00", "11:30");
    await expect(page.getByRole("dialog", { name: "Change a session of a series" })).toContainText("10:00–11:30");
    await page.getByRole("dialog", { name: "Change a session of a series" }).getByRole("button", { name: "This session only" }).click();
    await outside.getByRole("button", { name: "Change anyway" }).click();
    await notified(page, "Session changed");
    held = await sessionsAsAdmin(admin, monday, addDays(monday, 28));
    expect(when(byId(series[0]!.id))).toBe(`${wednesday} 10:00–11:30`);
    expect(when(byId(series[1]!.id))).toBe(`${addDays(monday, 7)} 16:00–17:00`);

    // In the month view a session moves to another day at its own time; it has no resize handle there.
    await chooseView(page, "Month");
    const thursday = addDays(monday, 3);
    const moved = page.locator(`td.fc-daygrid-day[data-date="${wednesday}"] .fc-event`).filter({ hasText: "Mathematics" });
    await expect(moved).toHaveClass(/fc-event-draggable/);
    await expect(page.locator(".fc-event-resizer")).toHaveCount(0);
    await dragEventToDay(page, moved, thursday);
    await page.getByRole("dialog", { name: "Move a session of a series" }).getByRole("button", { name: "This session only" }).click();
    await outside.getByRole("button", { name: "Move anyway" }).click();
    await notified(page, "Session moved");
    await expect(page.locator(`td.fc-daygrid-day[data-date="${thursday}"] .fc-event`).filter({ hasText: "Mathematics" })).toHaveCount(1);
    held = await sessionsAsAdmin(admin, monday, addDays(monday, 28));
    expect(when(byId(series[0]!.id))).toBe(`${thursday} 10:00–11:30`);
  });

  test("@calendar an admin edits a series from the drawer, this and following; a parent cannot drag", async ({ page, api }) => {
    test.setTimeout(120_000);
    const { admin, tutor, tutorMemberId, student } = await calendarWorkspace(api);
    const parent = await api.createMember("parent", { admin });
    await linkGuardian(admin, student.id, await memberIdOf(admin, parent.email));
    const monday = nextMonday();
    const second = addDays(monday, 7);
    const series = await scheduleAsAdmin(admin, {
      tutorMemberId,
      studentIds: [student.id],
      subject: "Mathematics",
      startsAt: `${monday}T16:00`,
      endsAt: `${monday}T17:00`,
      repeat: { frequency: "weekly", count: 4 },
    });

    await signInThroughForm(page, admin);
    await expect(page).toHaveURL("/admin/dashboard");
    await page.goto("/admin/calendar");
    await weekOf(page, second);
    await events(page, "Mathematics").click();
    const drawer = page.getByRole("dialog", { name: "Mathematics" });
    await drawer.getByRole("button", { name: "Edit" }).click();
    await expect(drawer).toHaveCount(0);
    const dialog = page.getByRole("dialog", { name: "Edit session" });
    await expect(dialog).toContainText(`${student.name} with ${tutor.name}`);
    // Cancel goes back to the session's details.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await drawer.getByRole("button", { name: "Edit" }).click();
    await expect(fieldIn(dialog, "Date")).toHaveValue(second);
    await expect(fieldIn(dialog, "Start time")).toHaveValue("16:00");
    // Nothing changed yet: nothing is sent.
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog.getByText("No field was changed.")).toBeVisible();
    await fieldIn(dialog, "Start time").fill("17:00");
    await fieldIn(dialog, "End time").fill("16:30");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog.getByText("End must be after start.")).toBeVisible();
    await fieldIn(dialog, "End time").fill("18:00");
    await fieldIn(dialog, "Location").fill("Library");
    await dialog.getByRole("radio", { name: "This and the following sessions of the series" }).check();
    await expectAccessible(page);
    await screenshots(page, "cal-edit");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await dialog.getByRole("button", { name: "Save anyway" }).click();
    await notified(page, "3 sessions updated");
    await expect(dialog).toHaveCount(0);
    await expect(events(page, "Mathematics")).toContainText("17:00");

    const held = await sessionsAsAdmin(admin, monday, addDays(monday, 28));
    const byId = (id: string) => held.find((session) => session.id === id)!;
    expect(when(byId(series[0]!.id))).toBe(`${monday} 16:00–17:00`);
    expect(byId(series[0]!.id).location).toBeNull();
    for (const [index, occurrence] of series.slice(1).entries()) {
      expect(when(byId(occurrence.id))).toBe(`${addDays(second, 7 * index)} 17:00–18:00`);
      expect(byId(occurrence.id).location).toBe("Library");
    }

    // The parent sees the same week: no event can be dragged or resized, and there is no Edit.
    await page.context().clearCookies();
    await signInThroughForm(page, parent);
    await expect(page).toHaveURL("/parent/dashboard");
    await page.goto(`/parent/students/${student.id}`);
    const sessions = page.getByRole("region", { name: "Sessions" });
    await chooseView(page, "Week");
    await weekOf(page, second, sessions);
    await expect(events(page, "Mathematics")).toContainText("17:00");
    await expect(page.locator(".fc-event-draggable, .fc-event-resizable, .fc-event-resizer")).toHaveCount(0);
    await events(page, "Mathematics").click();
    await expect(page.getByRole("dialog", { name: "Mathematics" }).getByRole("button", { name: "Ask to cancel" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Mathematics" }).getByRole("button", { name: "Edit" })).toHaveCount(0);
  });
});
