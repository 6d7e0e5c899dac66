import { Settings as SettingsIcon } from "lucide-react";
import { memo } from "react";
import type { InvoiceCompany } from "#domain/invoice";
import { MayLink } from "#web/features/members/MayLink";
import { imageUrl } from "../queries";

/** The seller's details come from Settings; they are shown here, changed there. */
export const CompanyCard = memo(function CompanyCard({ company }: { company: InvoiceCompany }) {
  const empty = !company.name && !company.address;
  return (
    <section aria-labelledby="company-heading" className="rounded-md border border-border p-3 text-sm">
      <div className="flex items-start justify-between gap-3">
        <h2 id="company-heading" className="text-base font-semibold">
          From
        </h2>
        <MayLink
          to="/settings"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-2 hover:underline"
        >
          <SettingsIcon className="h-4 w-4" aria-hidden="true" />
          Edit in Settings
        </MayLink>
      </div>
      {empty ? (
        <p className="mt-2 text-muted-foreground">
          Your company name and address are not set yet. Add them in Settings so they appear on your invoices.
        </p>
      ) : (
        <div className="mt-2 flex items-start gap-3">
          {company.logoImageId && (
            <img src={imageUrl(company.logoImageId)} alt="" className="h-10 w-10 rounded object-contain" />
          )}
          <div className="min-w-0">
            <p className="font-medium">{company.name}</p>
            {company.address && (
              <p className="whitespace-pre-line text-muted-foreground">{company.address}</p>
            )}
            <p className="text-muted-foreground">
              {[company.phone, company.email].filter(Boolean).join(" · ")}
            </p>
            {company.gstin && <p className="text-muted-foreground">GSTIN: {company.gstin}</p>}
          </div>
        </div>
      )}
    </section>
  );
});
