// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { InstructionsPage } from "./InstructionsPage";

describe("InstructionsPage", () => {
  it("links every table-of-contents entry to a section of the guide", () => {
    const { container } = render(
      <MemoryRouter>
        <InstructionsPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("User Instructions");
    const toc = screen.getByRole("navigation", { name: "On this page" });
    const links = within(toc).getAllByRole("link");
    expect(links.length).toBeGreaterThanOrEqual(10);
    for (const link of links) {
      const id = link.getAttribute("href")?.slice(1) ?? "";
      expect(container.querySelector(`section[id="${id}"]`)).not.toBeNull();
    }
  });
});
