import { Button, TextInput } from "@mantine/core";
import { QueryClient, QueryClientProvider, useMutation } from "@tanstack/react-query";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError } from "../../lib/api-client.ts";
import { renderWithRouter } from "../../test/render.tsx";
import { FormError } from "../ui/form-error.tsx";
import { useApiForm } from "./use-api-form.ts";

const schema = z.object({
  name: z.string().trim().min(1, "Name is required."),
  email: z.string().trim().min(1, "Email is required."),
});
type Values = z.input<typeof schema>;

/** A small area form: two fields, the mutation given, the alert the area's forms show. */
function PersonForm({ save, onSaved }: { save: (values: Values) => Promise<string>; onSaved: (answer: string) => void }) {
  const mutation = useMutation({ mutationFn: save });
  const { form, onSubmit, send, formError } = useApiForm(schema, mutation, { initialValues: { name: "", email: "" } });
  return (
    <form onSubmit={onSubmit((values) => send(values, onSaved))} noValidate>
      <TextInput label="Name" {...form.getInputProps("name")} />
      <TextInput label="Email" {...form.getInputProps("email")} />
      <FormError error={formError} title="Could not save the person" />
      <Button type="submit">Save</Button>
    </form>
  );
}

function renderForm(save: (values: Values) => Promise<string>, onSaved = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const view = renderWithRouter(
    <QueryClientProvider client={client}>
      <PersonForm save={save} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { ...view, onSaved };
}

describe("useApiForm", () => {
  it("shows the schema's message on the field, focuses it and sends nothing", async () => {
    const save = vi.fn(async () => "saved");
    const { user } = renderForm(save);
    await user.type(screen.getByLabelText("Name"), "Ann");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Email is required.")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Email")));
    expect(save).not.toHaveBeenCalled();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("puts the API's field issues of a 400 on the field they name, with no alert", async () => {
    const save = vi.fn(async () => {
      throw new ApiError(400, "VALIDATION_ERROR", "Check the highlighted fields.", [{ path: ["email"], message: "Email is already invited." }]);
    });
    const { user, onSaved } = renderForm(save);
    await user.type(screen.getByLabelText("Name"), "Ann");
    await user.type(screen.getByLabelText("Email"), "ann@example.com");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Email is already invited.")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).not.toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Email")));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows a refusal no field owns in the form's alert", async () => {
    const save = vi.fn(async () => {
      throw new ApiError(409, "CONFLICT", "Someone changed this person meanwhile.");
    });
    const { user } = renderForm(save);
    await user.type(screen.getByLabelText("Name"), "Ann");
    await user.type(screen.getByLabelText("Email"), "ann@example.com");
    await user.click(screen.getByRole("button", { name: "Save" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Could not save the person");
    expect(alert.textContent).toContain("Someone changed this person meanwhile.");
  });

  it("calls back with the mutation's answer when it succeeds", async () => {
    const save = vi.fn(async (values: Values) => `saved ${values.name}`);
    const { user, onSaved } = renderForm(save);
    await user.type(screen.getByLabelText("Name"), "Ann");
    await user.type(screen.getByLabelText("Email"), "ann@example.com");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith("saved Ann"));
    expect(save.mock.calls[0]?.[0]).toEqual({ name: "Ann", email: "ann@example.com" });
  });
});
