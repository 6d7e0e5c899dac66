// @vitest-environment jsdom
import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { AuthForm } from "../auth/AuthForm";
import { AboutUsPage } from "./AboutUsPage";
import { LandingPage } from "./LandingPage";
import { MonetizationGuidePage } from "./MonetizationGuidePage";
import { PrivacyPage } from "./PrivacyPage";
import { RefundPage } from "./RefundPage";
import { ShippingPolicyPage } from "./ShippingPolicyPage";
import { SupportPage } from "./SupportPage";
import { TermsPage, termsSectionTitles } from "./TermsPage";

function renderAt(ui: React.ReactNode, path = "/auth") {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

describe("LandingPage", () => {
  it("has the FAQ and auth form sections and renders the auth form it is given", () => {
    const { container } = renderAt(<LandingPage authForm={<form aria-label="Test auth form" />} />);
    expect(container.querySelector("section#faq-section")).not.toBeNull();
    const authSection = container.querySelector("section#auth-form-section");
    expect(authSection).not.toBeNull();
    expect(within(authSection as HTMLElement).getByRole("form", { name: "Test auth form" })).toBeTruthy();
  });

  it("offers recurring invoices, automated billing and quotes as available, not coming soon", () => {
    renderAt(<LandingPage authForm={null} />);
    expect(screen.getByText("Can I send quotes or estimates?")).toBeTruthy();
    for (const name of ["Recurring invoices", "Automated billing", "Quotes and estimates"]) {
      const card = screen.getByRole("heading", { name }).closest("li") as HTMLElement;
      expect(within(card).queryByText("Coming soon")).toBeNull();
    }
    expect(screen.queryByText(/coming soon|planned/i)).toBeNull();
  });

  it("has all eight footer links", () => {
    renderAt(<LandingPage authForm={null} />);
    const footer = screen.getByRole("contentinfo");
    const expected: [string, string][] = [
      ["About Us", "/about-us"],
      ["FAQ", "#faq-section"],
      ["Terms", "/terms-and-conditions"],
      ["Privacy", "/privacy-policy"],
      ["Refund", "/refund-policy"],
      ["Shipping", "/shipping-policy"],
      ["Contact Us", "/support"],
      ["Sign Up Free", "/auth?tab=signup#auth-form-section"],
    ];
    for (const [name, href] of expected) {
      expect(within(footer).getByRole("link", { name }).getAttribute("href")).toBe(href);
    }
  });

  it("opens the Sign Up tab from Get started free and Sign Up Free, the Login tab from Sign in", () => {
    renderAt(<LandingPage authForm={<AuthForm onSignedIn={async () => {}} returnTo="/dashboard" />} />);
    const selected = () => screen.getByRole("tab", { selected: true }).textContent;
    expect(selected()).toBe("Login");
    fireEvent.click(screen.getByRole("link", { name: /Get started free/ }));
    expect(selected()).toBe("Sign Up");
    fireEvent.click(screen.getByRole("link", { name: "Sign in" }));
    expect(selected()).toBe("Login");
    fireEvent.click(within(screen.getByRole("contentinfo")).getByRole("link", { name: "Sign Up Free" }));
    expect(selected()).toBe("Sign Up");
  });

  it("shows sample amounts in Indian digit grouping", () => {
    renderAt(<LandingPage authForm={null} />);
    expect(screen.getByText("₹1,29,800.00")).toBeTruthy();
    expect(screen.getByText("Rupees One Lakh Twenty-Nine Thousand Eight Hundred Only")).toBeTruthy();
    expect(screen.getByText("-₹0.05")).toBeTruthy();
  });
});

describe("TermsPage", () => {
  it("has the nine sections in order and a link back to sign in", () => {
    renderAt(<TermsPage />, "/terms-and-conditions");
    const headings = screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([...termsSectionTitles]);
    expect(termsSectionTitles.map((title) => title.replace(/^\d+\. /, "").toLowerCase())).toEqual([
      "use of the product",
      "user responsibilities",
      "prohibited use",
      "data usage and privacy",
      "disclaimers and liability",
      "indemnification",
      "legal and dispute resolution",
      "changes and termination",
      "contact and support",
    ]);
    expect(screen.getByRole("link", { name: /back to login/i }).getAttribute("href")).toBe(
      "/auth#auth-form-section",
    );
  });
});

describe("information pages", () => {
  const pages = [
    ["Terms and Conditions", TermsPage],
    ["Privacy Policy", PrivacyPage],
    ["Refund Policy", RefundPage],
    ["About Bahi", AboutUsPage],
    ["Shipping Policy", ShippingPolicyPage],
    ["Help & Support", SupportPage],
    ["How Bahi Makes Money", MonetizationGuidePage],
  ] as const;

  it.each(pages)("%s has its title, date, back link and footer", (title, Page) => {
    renderAt(<Page />, "/info");
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(title);
    expect(screen.getByText("Last updated 21 November 2026")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Bahi" }).getAttribute("href")).toBe("/");
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getAllByRole("link")).toHaveLength(8);
    expect(within(footer).getByRole("link", { name: "FAQ" }).getAttribute("href")).toBe("/auth#faq-section");
  });

  it("lists the three credit plans with the popular one marked", () => {
    renderAt(<MonetizationGuidePage />, "/monetization-guide");
    const rows = screen.getAllByRole("row").map((row) => row.textContent);
    expect(rows).toContainEqual(expect.stringContaining("₹49"));
    expect(rows).toContainEqual(expect.stringMatching(/100 downloads.*Most Popular.*₹149.*₹1\.49/));
    expect(rows).toContainEqual(expect.stringMatching(/500 downloads.*₹599.*₹1\.20/));
    const heads = screen.getAllByRole("columnheader");
    expect(heads.map((head) => head.textContent)).toEqual(["Plan", "Price", "Per PDF"]);
    expect(heads.map((head) => head.className.includes("text-right"))).toEqual([false, true, true]);
  });
});
