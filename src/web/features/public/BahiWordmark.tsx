/** The Bahi wordmark: a small ledger-book mark drawn inline, then the name. */
export function BahiWordmark({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold text-xl tracking-tight ${className}`}>
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true" focusable="false">
        <rect x="3" y="3" width="26" height="26" rx="7" className="fill-primary" />
        <path d="M11 9h11a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H11z" className="fill-primary-foreground" />
        <path d="M9 9h3v16H9z" className="fill-accent" />
        <path
          d="M15 14h6M15 17.5h6M15 21h4"
          className="stroke-primary"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>
      <span>Bahi</span>
    </span>
  );
}
