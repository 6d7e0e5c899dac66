import { Search } from "lucide-react";
import { Field, Input } from "#web/components/ui/input";

/** A list's search box: "Invoice number or client", with the magnifier inside. */
export function SearchField({
  placeholder,
  value,
  onChange,
  className,
}: {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <Field label="Search" className={className}>
      {(p) => (
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            {...p}
            type="search"
            className="pl-9"
            placeholder={placeholder}
            value={value}
            maxLength={200}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      )}
    </Field>
  );
}
