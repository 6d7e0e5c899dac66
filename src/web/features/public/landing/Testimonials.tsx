import { Quote } from "lucide-react";
import { LandingSection } from "./LandingSection";

/** Illustrative stories with fictional names; labelled as such on the page. */
const testimonials = [
  {
    quote:
      "I used to make invoices in a spreadsheet and fix the totals by hand. Now a client gets a proper PDF before I leave their office.",
    name: "Priya Nair",
    role: "Freelance illustrator, Kochi",
  },
  {
    quote:
      "Stock goes down on its own when I issue a bill, so I know exactly when to reorder cement and paint. The low-stock list is my Monday checklist.",
    name: "Ramesh Agarwal",
    role: "Hardware shop owner, Indore",
  },
  {
    quote:
      "The amount in words in lakhs, the UPI QR on every invoice, and I only pay for the PDFs I download. It just fits how we work.",
    name: "Fatima Sheikh",
    role: "Home bakery, Hyderabad",
  },
];

function initials(name: string): string {
  return name
    .split(" ")
    .map((part) => part[0])
    .join("");
}

export function Testimonials() {
  return (
    <LandingSection headingId="testimonials-heading" title="How people use Bahi" muted>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground text-sm">
        Illustrative stories: the names and businesses below are fictional examples.
      </p>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.name} className="flex">
            <figure className="flex flex-col rounded-xl border border-border bg-card p-6 shadow-sm">
              <Quote className="h-6 w-6 text-accent" aria-hidden="true" />
              <blockquote className="mt-3 flex-1">
                <p>{testimonial.quote}</p>
              </blockquote>
              <figcaption className="mt-5 flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent text-sm"
                >
                  {initials(testimonial.name)}
                </span>
                <span className="text-sm">
                  <span className="block font-medium">{testimonial.name}</span>
                  <span className="text-muted-foreground">{testimonial.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
