import type { ReactNode } from "react";
import { NEW_USER_CREDITS } from "#domain/credits";
import { Faq } from "./landing/Faq";
import { Features } from "./landing/Features";
import { Hero } from "./landing/Hero";
import { InvoiceSamples } from "./landing/InvoiceSamples";
import { Testimonials } from "./landing/Testimonials";
import { TopBar } from "./landing/TopBar";
import { WhyChooseUs } from "./landing/WhyChooseUs";
import { PublicFooter } from "./PublicFooter";
import { useScrollToHash } from "./useScrollToHash";

/**
 * The public marketing page shown at /auth. The login / sign-up / reset form is owned by the auth
 * feature and passed in, so this page stays free of auth logic.
 */
export function LandingPage({ authForm }: { authForm: ReactNode }) {
  useScrollToHash();
  return (
    <div id="top" className="min-h-dvh bg-background text-foreground">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-30 focus:rounded-md focus:bg-card focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <TopBar />
      <main id="main-content">
        <Hero />
        <Features />
        <WhyChooseUs />
        <InvoiceSamples />
        <Testimonials />
        <Faq />
        <section
          id="auth-form-section"
          aria-labelledby="auth-form-heading"
          className="scroll-mt-20 border-t border-border bg-muted py-16 md:py-24"
        >
          <div className="mx-auto max-w-md px-4 sm:px-6">
            <h2 id="auth-form-heading" className="text-center font-bold text-3xl tracking-tight">
              Start invoicing in minutes
            </h2>
            <p className="mt-3 text-center text-muted-foreground">
              Sign in, or create a free account with {NEW_USER_CREDITS} free PDF downloads. No card needed.
            </p>
            <div className="mt-8">{authForm}</div>
          </div>
        </section>
      </main>
      <PublicFooter onLandingPage />
    </div>
  );
}
