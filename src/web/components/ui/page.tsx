import type { ReactNode, Ref } from "react";

/** A page heading with optional actions on the right (the app shell sets the document title). */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/**
 * A document editor's one bar of actions: under the page header, kept in view while the long form
 * scrolls (below the app's 3.5 rem top bar), one row that scrolls sideways on a phone.
 */
export function ActionBarFrame({
  label,
  children,
  ref,
}: {
  label: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={label}
      className="sticky top-14 z-20 -mx-3 mb-4 flex gap-2 overflow-x-auto border-b border-border bg-background/95 px-3 py-2 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:flex-wrap lg:overflow-visible lg:px-8 [&>*]:shrink-0"
    >
      {children}
    </div>
  );
}
