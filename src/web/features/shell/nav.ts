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
  UserRound,
  Users,
} from "lucide-react";

export interface NavItem {
  label: string;
  to: string;
  icon: LucideIcon;
  children?: { label: string; to: string }[];
}

export const NAV_ITEMS: NavItem[] = [
  { label: "Dashboard", to: "/dashboard", icon: LayoutDashboard },
  { label: "Create Invoice/Bill", to: "/invoice/new", icon: FilePlus2 },
  { label: "Invoices/Bills", to: "/invoices", icon: FileText },
  { label: "Quotes", to: "/quotes", icon: FileSignature },
  { label: "Proforma invoices", to: "/proforma-invoices", icon: FileBadge },
  { label: "Delivery challans", to: "/delivery-challans", icon: Truck },
  { label: "Credit & Debit Notes", to: "/credit-notes", icon: FileMinus2 },
  { label: "Recurring", to: "/recurring", icon: Repeat },
  { label: "Reports", to: "/reports", icon: FileSpreadsheet },
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
  { label: "Activity", to: "/activity", icon: History },
  { label: "Settings", to: "/settings", icon: Settings },
  { label: "My Account", to: "/account", icon: UserRound },
  { label: "Instructions", to: "/instructions", icon: BookOpen },
];
