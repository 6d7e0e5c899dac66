import { clsx } from "clsx";
import type { ReactNode } from "react";

/** One section of the landing page: a centred heading over its content; `id` makes it a link target. */
export function LandingSection({
  id,
  headingId,
  title,
  muted,
  narrow,
  children,
}: {
  id?: string;
  headingId: string;
  title: ReactNode;
  /** On the muted background, between two plain sections. */
  muted?: boolean;
  /** A reading column instead of the full width. */
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={clsx(id && "scroll-mt-20", muted && "bg-muted", "py-16 md:py-24")}
    >
      <div className={clsx("mx-auto", narrow ? "max-w-3xl" : "max-w-6xl", "px-4 sm:px-6")}>
        <h2 id={headingId} className="text-center font-bold text-3xl tracking-tight">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
