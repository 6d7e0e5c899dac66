/**
 * Links shared by the landing page footer and the information pages.
 * `hash` links point at sections of the landing page (/auth); `to` links are routes.
 */
export type PublicLink = { label: string } & ({ to: string } | { hash: "faq-section" | "auth-form-section" });

export const footerLinks: readonly PublicLink[] = [
  { label: "About Us", to: "/about-us" },
  { label: "FAQ", hash: "faq-section" },
  { label: "Terms", to: "/terms-and-conditions" },
  { label: "Privacy", to: "/privacy-policy" },
  { label: "Refund", to: "/refund-policy" },
  { label: "Shipping", to: "/shipping-policy" },
  { label: "Contact Us", to: "/support" },
  { label: "Sign Up Free", hash: "auth-form-section" },
];

export const SUPPORT_EMAIL = "support@bahi.app";
