import {
  BookOpen,
  Boxes,
  FileBadge,
  FileMinus2,
  FilePlus2,
  FileSignature,
  FileSpreadsheet,
  FileText,
  History,
  LayoutDashboard,
  type LucideIcon,
  Repeat,
  Settings,
  Truck,
  UserCog,
  UserRound,
  Users,
} from "lucide-react";
import type { BusinessAction } from "#domain/roles";

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  /** What the role must be allowed to show this item (decision 0076); none: every role. */
  action?: BusinessAction;
  children?: { label: string; to: string }[];
}

export const NAV_ITEMS: NavItem[] = [
  { label: "Dashboard", to: "/dashboard", icon: LayoutDashboard },
  { label: "Create Invoice/Bill", to: "/invoice/new", icon: FilePlus2, action: "documents.write" },
  { label: "Invoices/Bills", to: "/invoices", icon: FileText },
  { label: "Quotes", to: "/quotes", icon: FileSignature },
  { label: "Proforma invoices", to: "/proforma-invoices", icon: FileBadge },
  { label: "Delivery challans", to: "/delivery-challans", icon: Truck },
  { label: "Credit & Debit Notes", to: "/credit-notes", icon: FileMinus2 },
  { label: "Recurring", to: "/recurring", icon: Repeat },
  { label: "Reports", to: "/reports", icon: FileSpreadsheet, action: "reports.read" },
  { label: "Clients", to: "/clients", icon: Users },
  {
    label: "Inventory",
    to: "/inventory",
    icon: Boxes,
    children: [
      { label: "Overview", to: "/inventory" },
      { label: "Product List", to: "/inventory/details" },
    ],
  },
  { label: "Activity", to: "/activity", icon: History, action: "reports.read" },
  { label: "Settings", to: "/settings", icon: Settings, action: "settings.write" },
  { label: "Members", to: "/members", icon: UserCog, action: "members.manage" },
  { label: "My Account", to: "/account", icon: UserRound },
  { label: "Instructions", to: "/instructions", icon: BookOpen },
];
