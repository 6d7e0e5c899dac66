import { Link } from "react-router";
import { BahiWordmark } from "../BahiWordmark";
import { SIGN_IN_LINK } from "../publicLinks";

export function TopBar() {
  return (
    <header className="sticky top-0 z-20 border-b border-border bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href="#top" className="rounded-md" aria-label="Bahi, back to top">
          <BahiWordmark />
        </a>
        <nav aria-label="Primary">
          <ul className="flex items-center gap-1 text-sm sm:gap-3">
            <li className="hidden sm:block">
              <a
                href="#features"
                className="rounded-md px-3 py-2 text-muted-foreground hover:text-foreground"
              >
                Features
              </a>
            </li>
            <li className="hidden sm:block">
              <a href="#samples" className="rounded-md px-3 py-2 text-muted-foreground hover:text-foreground">
                Samples
              </a>
            </li>
            <li>
              <a
                href="#faq-section"
                className="rounded-md px-3 py-2 text-muted-foreground hover:text-foreground"
              >
                FAQ
              </a>
            </li>
            <li>
              <Link
                to={SIGN_IN_LINK}
                className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground hover:opacity-90"
              >
                Sign in
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
