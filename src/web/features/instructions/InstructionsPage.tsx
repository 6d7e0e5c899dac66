import { gettingStartedSections } from "./guide/gettingStarted";
import { gstSections } from "./guide/gst";
import type { GuideSection } from "./guide/guideSection";
import { invoicingSections } from "./guide/invoicing";
import { recordsSections } from "./guide/records";
import { settingsAndAccountSections } from "./guide/settingsAndAccount";

const guideSections: readonly GuideSection[] = [
  ...gettingStartedSections,
  ...invoicingSections,
  ...gstSections,
  ...recordsSections,
  ...settingsAndAccountSections,
];

/** Typography for the guide's running text. */
const proseClass =
  "leading-relaxed [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-lg [&_li]:mt-1.5 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6";

/** The in-app user guide. Rendered inside the app shell, so it brings only its content. */
export function InstructionsPage() {
  return (
    <div className="page-enter mx-auto max-w-3xl">
      <h1 className="font-bold text-3xl tracking-tight">User Instructions</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        A guide to every screen of Bahi, from your first sign-in to your hundredth invoice.
      </p>

      <nav aria-labelledby="guide-toc-heading" className="mt-8 rounded-xl border border-border bg-muted p-5">
        <h2 id="guide-toc-heading" className="font-semibold">
          On this page
        </h2>
        <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 sm:grid-cols-2">
          {guideSections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-primary underline-offset-2 hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-10 space-y-12">
        {guideSections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="scroll-mt-20"
          >
            <h2 id={`${section.id}-heading`} className="border-b border-border pb-2 font-semibold text-2xl">
              {section.title}
            </h2>
            <div className={proseClass}>{section.body}</div>
            <p className="mt-4 text-sm">
              <a
                href="#guide-toc-heading"
                className="text-muted-foreground underline-offset-2 hover:underline"
              >
                Back to contents
              </a>
            </p>
          </section>
        ))}
      </div>
    </div>
  );
}
