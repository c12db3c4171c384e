import { describe, expect, it } from "vitest";
import { whatWasDone } from "./access-log-table.tsx";

describe("whatWasDone", () => {
  it("drops the actor's name the description starts with", () => {
    expect(whatWasDone({ actorName: "Ada Admin", description: "Ada Admin changed goals, notes" })).toBe("Changed goals, notes");
  });

  it("keeps a description that does not start with the actor's name", () => {
    expect(whatWasDone({ actorName: "Ada Admin", description: "The student viewed the record" })).toBe("The student viewed the record");
    expect(whatWasDone({ actorName: null, description: "Someone removed from the workspace" })).toBe("Someone removed from the workspace");
    expect(whatWasDone({ actorName: "Ada", description: "Adam viewed the record" })).toBe("Adam viewed the record");
  });
});
