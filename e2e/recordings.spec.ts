import { expect, expectAccessible, field, signInThroughForm, test } from "./support/fixtures.ts";
import { calendarWorkspace, scheduleAsAdmin, nextMonday, studentLogin } from "./support/calendar.ts";
import { screenshots } from "./support/screens.ts";

/** A real WAV: 3 s of a 440 Hz tone, 8 kHz mono 16-bit. */
function wav(seconds = 3): Buffer {
  const rate = 8000;
  const samples = rate * seconds;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write("RIFF", 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write("WAVE", 8);
  buffer.write("fmt ", 12);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write("data", 36);
  buffer.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) buffer.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 8000), 44 + i * 2);
  return buffer;
}

test("@recordings a tutor uploads, plays, links and deletes recordings on the session page; wrong files are refused; the student plays it", async ({
  page,
  api,
}) => {
  test.setTimeout(150_000);
  const setup = await calendarWorkspace(api);
  const monday = nextMonday();
  const [session] = await scheduleAsAdmin(setup.admin, {
    tutorMemberId: setup.tutorMemberId,
    studentIds: [setup.student.id],
    subject: "Mathematics",
    startsAt: `${monday}T10:00`,
    endsAt: `${monday}T11:00`,
  });
  await signInThroughForm(page, setup.tutor);
  await expect(page).toHaveURL("/tutor/dashboard");
  await page.goto(`/tutor/sessions/${session!.id}`);
  const section = page.getByRole("region", { name: "Recordings" });
  await expect(section.getByText("No recordings for this session yet.")).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "recordings-empty");

  // A wrong file is refused before sending.
  await section.locator("input[type=file]").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(section.getByText(/This is not an audio or video file we accept/)).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "recordings-wrong");

  // A text file pretending to be an mp3 is refused by the server.
  await section.locator("input[type=file]").setInputFiles({ name: "fake.mp3", mimeType: "audio/mpeg", buffer: Buffer.from("just text really, not audio") });
  await section.getByRole("button", { name: "Upload" }).click();
  await expect(section.getByRole("alert")).toContainText("The file's content is not MP3");
  await screenshots(page, "recordings-server-refused");

  await section.locator("input[type=file]").setInputFiles({ name: "lesson_one.wav", mimeType: "audio/wav", buffer: wav() });
  await expect(field(page, "Title")).toHaveValue("lesson one");
  await field(page, "Title").fill("Lesson one");
  await section.getByRole("button", { name: "Upload" }).click();
  await expect(section.getByText("Lesson one", { exact: true })).toBeVisible();
  await expect(section.getByText(/Audio, 46.9 KiB · added .* by/)).toBeVisible();

  await section.getByRole("button", { name: "Play Lesson one" }).click();
  const audio = section.locator("audio");
  await expect(audio).toBeVisible();
  await expect(audio).toBeFocused();
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration)).toBeGreaterThan(2.9);
  await audio.evaluate((element: HTMLAudioElement) => {
    element.currentTime = 2;
  });
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.seekable.length > 0 && element.seekable.end(0) > 2.9)).toBe(true);
  await expectAccessible(page);
  await screenshots(page, "recordings-playing");

  // Link form.
  await section.getByText("Add a link").click();
  await field(page, "Title").fill("Zoom recording");
  await field(page, "Link").fill("ftp://nope");
  await section.getByRole("button", { name: "Add link" }).click();
  await expect(section.getByText("Link must be a web address starting with http:// or https://.")).toBeVisible();
  await field(page, "Link").fill("https://zoom.example/rec/1");
  await section.getByRole("button", { name: "Add link" }).click();
  // The link goes through the app, which records the opening in the student's access log and sends the browser on.
  const openLink = section.getByRole("link", { name: /Open link/ });
  await expect(openLink).toHaveAttribute("href", /^\/api\/tutor\/sessions\/[^/]+\/recordings\/[^/]+\/open$/);
  const opened = await page.request.get((await openLink.getAttribute("href"))!, { maxRedirects: 0 });
  expect([opened.status(), opened.headers()["location"]]).toEqual([302, "https://zoom.example/rec/1"]);
  await expectAccessible(page);
  await screenshots(page, "recordings-link");

  // Delete with confirmation.
  await section.getByRole("button", { name: "Delete Zoom recording" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this recording?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "recordings-delete");
  await dialog.getByRole("button", { name: "Delete recording" }).click();
  await expect(section.getByText("Zoom recording", { exact: true })).toHaveCount(0);

  // Keyboard only: the delete dialog opens with Enter and closes with Escape, focus back on its button.
  await section.getByRole("button", { name: "Delete Lesson one" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Delete this recording?" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Delete Lesson one" })).toBeFocused();
  // The student sees and plays it, without the managing controls.
  const pupil = await studentLogin(api, setup.admin, setup.student.id);
  await page.context().clearCookies();
  await signInThroughForm(page, pupil);
  await expect(page).toHaveURL("/student/dashboard");
  await page.goto(`/student/sessions/${session!.id}`);
  const own = page.getByRole("region", { name: "Recordings" });
  await expect(own.getByText("Lesson one", { exact: true })).toBeVisible();
  await expect(own.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  await expect(own.getByRole("button", { name: "Upload" })).toHaveCount(0);
  await own.getByRole("button", { name: "Play Lesson one" }).click();
  await expect.poll(() => own.locator("audio").evaluate((element: HTMLAudioElement) => element.duration)).toBeGreaterThan(2.9);
  await expectAccessible(page);
  await screenshots(page, "recordings-student");
});
