import { toast } from "sonner";

/** Copies a public link and says so; where the browser refuses, the toast shows the link to copy by hand. */
export async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast.success("Link copied", { description: url });
  } catch {
    toast.message("Copy this link", { description: url });
  }
}
