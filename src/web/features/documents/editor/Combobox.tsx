import { clsx } from "clsx";
import {
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useId,
  useState,
} from "react";

/**
 * A text input with a suggestion list (WAI-ARIA combobox, list autocomplete): typing stays free,
 * Arrow keys move through the options, Enter picks one, Escape closes the list.
 */
export function Combobox<T>({
  value,
  onValueChange,
  options,
  getKey,
  renderOption,
  onSelect,
  loading,
  emptyText,
  footer,
  onOpenChange,
  inputProps,
}: {
  value: string;
  onValueChange: (value: string) => void;
  options: T[];
  getKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  onSelect: (option: T) => void;
  loading?: boolean;
  emptyText?: string;
  footer?: ReactNode;
  onOpenChange?: (open: boolean) => void;
  inputProps: Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> & {
    id: string;
    ref?: Ref<HTMLInputElement>;
  };
}) {
  const listId = useId();
  const [open, setOpenState] = useState(false);
  const [active, setActive] = useState(-1);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
    if (!next) setActive(-1);
  };
  const optionId = (i: number) => `${listId}-opt-${i}`;
  const showList = open && (options.length > 0 || loading || Boolean(emptyText) || Boolean(footer));

  function pick(option: T) {
    onSelect(option);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open) setOpen(true);
      setActive((i) => (options.length ? (i + 1) % options.length : -1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) setOpen(true);
      setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
    } else if (event.key === "Enter" && open && active >= 0 && options[active]) {
      event.preventDefault();
      pick(options[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div className="relative">
      <input
        {...inputProps}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={value}
        className={clsx(
          "h-10 w-full rounded-md border border-border bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground aria-[invalid=true]:border-destructive",
          inputProps.className,
        )}
        onChange={(e) => {
          onValueChange(e.target.value);
          if (!open) setOpen(true);
          setActive(-1);
        }}
        onFocus={(e) => {
          inputProps.onFocus?.(e);
          setOpen(true);
        }}
        onBlur={(e) => {
          inputProps.onBlur?.(e);
          setOpen(false);
        }}
        onKeyDown={onKeyDown}
      />
      <div
        className={clsx(
          "absolute left-0 right-0 z-30 mt-1 max-h-72 overflow-y-auto rounded-md border border-border bg-card shadow-lg",
          !showList && "hidden",
        )}
      >
        <div id={listId} role="listbox" aria-label="Suggestions">
          {options.map((option, i) => (
            <div
              key={getKey(option)}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={clsx(
                "cursor-pointer px-3 py-2 text-sm",
                i === active ? "bg-muted" : "hover:bg-muted",
              )}
              // mousedown, not click: it must win over the input's blur.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(option);
              }}
              onMouseEnter={() => setActive(i)}
            >
              {renderOption(option)}
            </div>
          ))}
        </div>
        {loading && options.length === 0 && (
          <p className="px-3 py-2 text-sm text-muted-foreground">Searching…</p>
        )}
        {!loading && options.length === 0 && emptyText && (
          <p className="px-3 py-2 text-sm text-muted-foreground">{emptyText}</p>
        )}
        {footer}
      </div>
    </div>
  );
}
