import { useLayoutEffect, useRef, useState } from "react";
import type { InvoicePageModel } from "#domain/invoice-page";
import { InvoicePage, PAGE_HEIGHT, PAGE_WIDTH } from "./InvoicePage";

/**
 * The page scaled to the width it is given. `onCommit` runs after each new page is on
 * screen (the end of the keystroke-to-preview measurement).
 */
export function InvoicePreview({
  page,
  onCommit,
  label = "Invoice preview",
}: {
  page: InvoicePageModel;
  onCommit?: () => void;
  label?: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ scale: 1, height: PAGE_HEIGHT });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per page put on screen.
  useLayoutEffect(() => {
    onCommit?.();
  }, [page, onCommit]);

  useLayoutEffect(() => {
    const outer = frame.current;
    const inner = sheet.current;
    if (!outer || !inner || typeof ResizeObserver === "undefined") return;
    const update = () => {
      const scale = Math.min(1, outer.clientWidth / PAGE_WIDTH) || 1;
      setSize((prev) => {
        const height = inner.offsetHeight * scale;
        return prev.scale === scale && prev.height === height ? prev : { scale, height };
      });
    };
    const observer = new ResizeObserver(update);
    observer.observe(outer);
    observer.observe(inner);
    update();
    return () => observer.disconnect();
  }, []);

  return (
    <section aria-label={label} className="w-full min-w-0">
      <div
        ref={frame}
        className="w-full overflow-hidden rounded-md border border-border shadow-sm [contain:inline-size]"
        style={{ height: size.height || undefined }}
      >
        <div
          ref={sheet}
          style={{ width: PAGE_WIDTH, transform: `scale(${size.scale})`, transformOrigin: "top left" }}
        >
          <InvoicePage page={page} />
        </div>
      </div>
    </section>
  );
}
