/**
 * Links shared by the landing page footer and the information pages.
 * `hash` links point at sections of the landing page (/auth); `to` links are routes.
 */
export type PublicLink = { label: string } & ({ to: string } | { hash: "faq-section" });

/** The landing page's form, opened on its Sign Up tab (AuthForm reads `tab`). */
export const SIGN_UP_LINK = "/auth?tab=signup#auth-form-section";
/** The landing page's form, opened on its Login tab. */
export const SIGN_IN_LINK = "/auth?tab=login#auth-form-section";

export const footerLinks: readonly PublicLink[] = [
  { label: "About Us", to: "/about-us" },
  { label: "FAQ", hash: "faq-section" },
  { label: "Terms", to: "/terms-and-conditions" },
  { label: "Privacy", to: "/privacy-policy" },
  { label: "Refund", to: "/refund-policy" },
  { label: "Shipping", to: "/shipping-policy" },
  { label: "Contact Us", to: "/support" },
  { label: "Sign Up Free", to: SIGN_UP_LINK },
];

export const SUPPORT_EMAIL = "support@bahi.app";
