import { Link } from "react-router";
import type { GuideSection } from "./guideSection";

export const gettingStartedSections: GuideSection[] = [
  {
    id: "getting-started",
    title: "Getting started",
    body: (
      <>
        <h3>Create your account</h3>
        <ol>
          <li>
            Open the Bahi home page and scroll to the sign-in form, or press <strong>Get started free</strong>
            .
          </li>
          <li>
            Choose the <strong>Sign Up</strong> tab. Enter your name (optional), a valid e-mail address and a
            password of at least 8 characters, twice. Very common passwords are refused.
          </li>
          <li>
            Tick the box to agree to the{" "}
            <Link to="/terms-and-conditions" state={{ fromApp: true }}>
              Terms and Conditions
            </Link>
            ; the Sign Up button stays disabled until you do.
          </li>
        </ol>
        <h3>Confirm your e-mail</h3>
        <p>
          Bahi sends a confirmation link to your address. Open it once to activate the account; you cannot
          sign in before that. No e-mail after a few minutes? Check your spam or promotions folder.
        </p>
        <h3>Sign in</h3>
        <p>
          Use the <strong>Login</strong> tab with your e-mail and password. The eye icon shows or hides what
          you typed. If you forget your password, choose <strong>Forgot password</strong> or the{" "}
          <strong>Reset Password</strong> tab; the reset link in the e-mail works once and for one hour.
        </p>
        <h3>Sign in with Google</h3>
        <p>
          Press <strong>Continue with Google</strong> and pick your Google account. No separate password or
          e-mail confirmation is needed.
        </p>
        <h3>Your first five minutes</h3>
        <ol>
          <li>
            Fill in <Link to="/settings">Settings</Link> → Company Defaults: business name, address, phone and
            logo.
          </li>
          <li>
            Add your regular customers in <Link to="/clients">Clients</Link> and your products or services in{" "}
            <Link to="/inventory/manage-items">Manage Items</Link>.
          </li>
          <li>
            Open <Link to="/invoice/new">Create Invoice/Bill</Link> and make your first invoice. You start
            with 25 free PDF downloads.
          </li>
        </ol>
      </>
    ),
  },
  {
    id: "dashboard",
    title: "Dashboard",
    body: (
      <>
        <p>
          The <Link to="/dashboard">Dashboard</Link> is the first screen after sign-in and answers “how is
          business going?” at a glance.
        </p>
        <ul>
          <li>
            <strong>This month and this financial year</strong> (April to March): the amounts invoiced, paid
            (money received in the period; a credit note is not money received), outstanding and overdue.
          </li>
          <li>
            <strong>Revenue chart</strong> for the last 12 months, and a breakdown of invoices by status:
            Draft, Due, Partially paid, Overdue, Paid and Cancelled, counted as their badges say.
          </li>
          <li>
            <strong>Recent invoices</strong>: open one to edit it or mark it paid.
          </li>
          <li>
            <strong>Low stock</strong>: items at or below their low-stock level, so you know what to reorder.
          </li>
          <li>
            <strong>Credits</strong>: how many PDF downloads you have left.
          </li>
        </ul>
        <p>
          An invoice counts as <em>overdue</em> when it is due and its due date has passed, even if part of it
          was paid; before its due date a part-paid invoice is <em>partially paid</em>. Bahi works this out
          every time, so the figure is always current.
        </p>
      </>
    ),
  },
];
