import { BookOpen, FilePlus2, Settings, Users } from "lucide-react";
import { Link } from "react-router";
import { displayName, useAuth } from "../../auth/AuthProvider";
import { Card } from "../../components/ui/card";
import { PageHeader } from "../../components/ui/page";

const QUICK_ACTIONS = [
  { to: "/invoice/new", label: "Create Invoice/Bill", text: "Write a new invoice or bill.", icon: FilePlus2 },
  { to: "/clients", label: "Add a client", text: "Keep your clients' details in one place.", icon: Users },
  {
    to: "/settings",
    label: "Company defaults",
    text: "Logo, bank details, UPI and signature.",
    icon: Settings,
  },
  { to: "/instructions", label: "How Bahi works", text: "A short guide to every screen.", icon: BookOpen },
];

export function DashboardPage() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader
        title="Dashboard Overview"
        description={`Hello ${displayName(user)}, here is where your business stands.`}
      />
      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="mb-3 text-lg font-semibold">
          Quick actions
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {QUICK_ACTIONS.map((a) => (
            <li key={a.to}>
              <Link to={a.to} className="block h-full rounded-lg focus-visible:outline-2">
                <Card className="h-full transition-colors hover:border-primary">
                  <a.icon className="mb-2 h-5 w-5 text-primary" aria-hidden="true" />
                  <p className="font-medium">{a.label}</p>
                  <p className="text-sm text-muted-foreground">{a.text}</p>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
