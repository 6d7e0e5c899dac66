import { ArrowLeft } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Link } from "react-router";
import { BahiWordmark } from "./BahiWordmark";
import { PublicFooter } from "./PublicFooter";

export const INFO_PAGES_LAST_UPDATED = "21 November 2026";

/** Typography for the pages' running text; kept here so every information page reads the same. */
const proseClass =
  "space-y-10 leading-relaxed [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_h3]:mt-5 [&_h3]:font-semibold [&_li]:mt-1.5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6";

export function InfoPageLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Bahi`;
    return () => {
      document.title = previous;
    };
  }, [title]);

  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/" className="rounded-md" aria-label="Bahi home">
            <BahiWordmark />
          </Link>
          <Link
            to="/"
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-muted-foreground text-sm hover:text-foreground"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Bahi
          </Link>
        </div>
      </header>
      <main className="page-enter mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 md:py-14">
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 text-muted-foreground text-sm">Last updated {INFO_PAGES_LAST_UPDATED}</p>
        {intro && <div className="mt-6 text-lg text-muted-foreground">{intro}</div>}
        <div className={`mt-10 ${proseClass}`}>{children}</div>
      </main>
      <PublicFooter />
    </div>
  );
}

/** One titled section of an information page; `id` doubles as the heading anchor. */
export function InfoSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6">
      <h2 id={`${id}-heading`} className="font-semibold text-xl sm:text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
