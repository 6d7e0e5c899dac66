import { clsx } from "clsx";
import type { HTMLAttributes, ReactNode } from "react";

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={clsx("rounded-lg border border-border bg-card p-4 shadow-sm sm:p-6", className)}
      {...rest}
    />
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 text-muted-foreground">
      <span
        className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent"
        aria-hidden="true"
      />
      <span>{label}</span>
    </div>
  );
}

/** Full-screen loading state with one of the spec's loading texts. */
export function FullScreenLoader({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner label={label} />
    </div>
  );
}

/** A card that is a named region of its page: its heading (with an icon, if any) and what it is for. */
export function SectionCard({
  id,
  title,
  icon,
  description,
  children,
  className,
}: {
  /** The heading's id, which names the region. */
  id: string;
  title: string;
  icon?: ReactNode;
  description: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card role="region" aria-labelledby={id} className={className}>
      <h2 id={id} className={clsx("text-lg font-semibold", icon && "flex items-center gap-2")}>
        {icon}
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      {children}
    </Card>
  );
}

/** What a card shows while its data loads. */
export function LoadingCard({ label }: { label: string }) {
  return (
    <Card>
      <p className="text-sm text-muted-foreground" role="status">
        {label}
      </p>
    </Card>
  );
}
