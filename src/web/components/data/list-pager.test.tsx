import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithRouter } from "../../test/render.tsx";
import { describeRange, ListPager } from "./list-pager.tsx";

describe("describeRange", () => {
  it("says which rows are shown, in the singular for one", () => {
    expect(describeRange(2, 25, 132, ["student", "students"])).toBe("Showing 26–50 of 132 students");
    expect(describeRange(1, 25, 1, ["student", "students"])).toBe("Showing 1–1 of 1 student");
    expect(describeRange(1, 25, 0, ["student", "students"])).toBe("No students");
    expect(describeRange(1, 25, 1001, ["lead", "leads"], true)).toBe("Showing 1–25 of more than 1000 leads");
  });
});

describe("ListPager", () => {
  it("names the current page and moves to the one clicked", async () => {
    const pages: number[] = [];
    const { user } = renderWithRouter(<ListPager page={2} pageSize={25} total={80} noun={["tutor", "tutors"]} onPage={(page) => pages.push(page)} />);
    expect(screen.getByRole("status").textContent).toBe("Showing 26–50 of 80 tutors");
    const nav = screen.getByRole("navigation", { name: "Pages of tutors" });
    expect(within(nav).getByRole("button", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    await user.click(within(nav).getByRole("button", { name: "Page 4" }));
    await user.click(within(nav).getByRole("button", { name: "Previous page" }));
    expect(pages).toEqual([4, 1]);
  });

  it("has no buttons when one page holds everything, and nothing at all without the summary", () => {
    const { unmount } = renderWithRouter(<ListPager page={1} pageSize={25} total={3} noun={["tutor", "tutors"]} onPage={() => {}} />);
    expect(screen.getByRole("status").textContent).toBe("Showing 1–3 of 3 tutors");
    expect(screen.queryByRole("navigation")).toBeNull();
    unmount();
    renderWithRouter(<ListPager page={1} pageSize={25} total={3} noun={["tutor", "tutors"]} onPage={() => {}} withSummary={false} />);
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryByRole("navigation")).toBeNull();
  });
});
