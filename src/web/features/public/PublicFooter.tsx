import { Link } from "react-router";
import { BahiWordmark } from "./BahiWordmark";
import { footerLinks } from "./publicLinks";

const linkClass =
  "rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:text-foreground";

/**
 * Footer of the landing page and the information pages. On the landing page the FAQ and sign-up links
 * are in-page anchors; elsewhere they lead back to those sections of /auth.
 */
export function PublicFooter({ onLandingPage = false }: { onLandingPage?: boolean }) {
  return (
    <footer className="border-t border-border bg-muted">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-xs">
          <BahiWordmark />
          <p className="mt-2 text-muted-foreground text-sm">
            Quick, rupee-first invoices for Indian businesses and freelancers.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-8 gap-y-2 text-sm sm:grid-cols-4">
            {footerLinks.map((link) => (
              <li key={link.label}>
                {"to" in link ? (
                  <Link to={link.to} className={linkClass}>
                    {link.label}
                  </Link>
                ) : onLandingPage ? (
                  <a href={`#${link.hash}`} className={linkClass}>
                    {link.label}
                  </a>
                ) : (
                  <Link to={`/auth#${link.hash}`} className={linkClass}>
                    {link.label}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-border px-4 py-4 text-center text-muted-foreground text-xs">
        © 2026 Bahi. GST tax invoices for registered businesses, retail invoices for the rest; you stay
        responsible for GST compliance.
      </p>
    </footer>
  );
}
