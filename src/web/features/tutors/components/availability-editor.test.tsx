import { QueryClient, QueryClientProvider, useMutation } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Availability, TutorDetail } from "../../../../shared/schemas/tutors.ts";
import { ApiError } from "../../../lib/api-client.ts";
import { renderWithRouter } from "../../../test/render.tsx";
import { AvailabilityEditor } from "./availability-editor.tsx";

const TUTOR = {
  memberId: "tutor-1",
  name: "Tess Tutor",
  timeZone: "Europe/London",
  availability: [{ weekday: 1, startsAt: "16:00:00", endsAt: "17:00:00" }],
} as TutorDetail;

function Editor({ save }: { save: (availability: Availability) => Promise<TutorDetail> }) {
  const mutation = useMutation({ mutationFn: save });
  return <AvailabilityEditor tutor={TUTOR} save={mutation} />;
}

function renderEditor(save: (availability: Availability) => Promise<TutorDetail>) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return renderWithRouter(
    <QueryClientProvider client={client}>
      <Editor save={save} />
    </QueryClientProvider>,
  );
}

describe("AvailabilityEditor", () => {
  it("shows an overlap under the row that overlaps, its start marked, and sends nothing", async () => {
    const save = vi.fn(async () => TUTOR);
    const { user } = renderEditor(save);
    await user.click(screen.getByRole("button", { name: "Add time on Monday" }));
    expect((screen.getByLabelText("From, Monday slot 2") as HTMLInputElement).value).toBe("17:00");
    await user.clear(screen.getByLabelText("From, Monday slot 2"));
    await user.type(screen.getByLabelText("From, Monday slot 2"), "16:30");
    await user.click(screen.getByRole("button", { name: "Save availability" }));

    const message = await screen.findByText("Slots on Monday overlap.");
    const from = screen.getByLabelText("From, Monday slot 2");
    expect(message.parentElement?.contains(from)).toBe(true);
    expect(from.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("From, Monday slot 1").getAttribute("aria-invalid")).not.toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(from));
    expect(save).not.toHaveBeenCalled();
  });

  it("puts the API's overlap (an index of the sorted slots it was sent) on the row the person added", async () => {
    const save = vi.fn(async (_availability: Availability): Promise<TutorDetail> => {
      throw new ApiError(400, "VALIDATION_ERROR", "Check the highlighted fields.", [{ path: ["slots", 0, "startsAt"], message: "Slots on Monday overlap." }]);
    });
    const { user } = renderEditor(save);
    // Added second, sorted first: Monday 08:00 is the payload's slot 0 and the form's row 2.
    await user.click(screen.getByRole("button", { name: "Add time on Monday" }));
    await user.clear(screen.getByLabelText("From, Monday slot 2"));
    await user.type(screen.getByLabelText("From, Monday slot 2"), "08:00");
    await user.clear(screen.getByLabelText("To, Monday slot 2"));
    await user.type(screen.getByLabelText("To, Monday slot 2"), "09:00");
    await user.click(screen.getByRole("button", { name: "Save availability" }));

    await screen.findByText("Slots on Monday overlap.");
    expect(save.mock.calls[0]?.[0]).toEqual({
      slots: [
        { weekday: 1, startsAt: "08:00", endsAt: "09:00" },
        { weekday: 1, startsAt: "16:00", endsAt: "17:00" },
      ],
    });
    expect(screen.getByLabelText("From, Monday slot 2").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("From, Monday slot 1").getAttribute("aria-invalid")).not.toBe("true");
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
