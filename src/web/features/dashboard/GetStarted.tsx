import { ArrowRight, Boxes, FilePlus2, Users } from "lucide-react";
import { Link } from "react-router";
import { SectionCard } from "#web/components/ui/card";
import { useMay } from "#web/features/members/role";

const STEPS = [
  {
    to: "/clients",
    icon: Users,
    title: "Add your first client",
    text: "Name, GSTIN and address, kept for every invoice.",
  },
  {
    to: "/inventory/manage-items",
    icon: Boxes,
    title: "Add a product or service",
    text: "Rates, tax and stock fill themselves in on invoices.",
  },
  {
    to: "/invoice/new",
    icon: FilePlus2,
    title: "Write your first invoice",
    text: "Preview it as you type, then issue it.",
  },
];

/** Shown until the first invoice exists: the three steps to a first invoice. */
export function GetStarted() {
  // The steps write: a role that reads only (an accountant) has none to take (decision 0079).
  const mayWrite = useMay("documents.write");
  if (!mayWrite) return null;
  return (
    <SectionCard
      id="get-started"
      className="mb-6"
      title="Get started with Bahi"
      description="Three steps to your first invoice. Your figures appear here once you issue it."
    >
      <ol className="mt-4 grid gap-3 md:grid-cols-3">
        {STEPS.map((s, i) => (
          <li key={s.to}>
            <Link
              to={s.to}
              className="flex h-full items-start gap-3 rounded-md border border-border p-3 transition-colors hover:border-primary"
            >
              <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
                {i + 1}
              </span>
              <span className="min-w-0">
                <span className="flex items-center gap-1 font-medium">
                  <s.icon className="h-4 w-4 text-primary" aria-hidden="true" />
                  {s.title}
                  <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </span>
                <span className="block text-sm text-muted-foreground">{s.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </SectionCard>
  );
}
