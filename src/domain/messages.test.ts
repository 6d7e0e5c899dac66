import {
  AUTH_MESSAGES,
  CLEAR_MESSAGES,
  CREDIT_MESSAGES,
  IMPORT_MESSAGES,
  LOADING_TEXTS,
  PAGE_TITLES,
  PASSWORD_MESSAGES,
  PAYMENT_MESSAGES,
  ROUTING_MESSAGES,
  SETTINGS_MESSAGES,
} from "./messages";
import { passwordProblem } from "./validation";

// Quoted from the spec and DECISIONS; a failure here means a text was reworded.
const SPEC_TEXTS = [
  "Sign up Failed",
  "Sign in Failed",
  "Sign out Failed",
  "Something went wrong",
  "Auth session missing!",
  "Auth session or user missing",
  "Please confirm your email address. Check your inbox for a confirmation link.",
  "Invalid email or password. Please try again or reset your password.",
  "Login Failed",
  "Email Already Registered",
  "Signup Failed",
  "Could not create account.",
  "A confirmation email has been sent. Please check your inbox to verify your account.",
  "Your account has been created and verified.",
  "Password Reset Failed",
  "Could not send reset email.",
  "If an account exists for this email, you will receive reset instructions.",
  "Google Sign-In Failed",
  "Google sign-in is not configured on this server.",
  "Error Loading Settings",
  "Settings Save Error",
  "Error Loading Products",
  "Error",
  "User not authenticated.",
  "Settings Saved",
  "Export Error",
  "Data Exported",
  "Import Error",
  "Data Imported Successfully",
  "Invalid file format. Missing required data sections.",
  "Data clearing process timed out on the server. Some data might remain. Please try again or contact support.",
  "Failed to clear backend data.",
  "Error Clearing Data",
  "Error Loading Credits",
  "Authentication Error",
  "Please log in to download.",
  "Loading Credits",
  "Download Failed",
  "Could not update your download count.",
  "Download Successful",
  "Top Up Your Credits",
  "Most Popular",
  "Purchase Plan",
  "Please log in",
  "Payment Error",
  "Authentication error: Could not retrieve user session. Please sign in again.",
  "Failed to create payment order.",
  "Payment Initialization Failed",
  "Could not connect to the payment gateway. Please try again later.",
  "Payment Verification Failed",
  "Could not verify payment. Please contact support.",
  "Payment Cancelled",
  "Payment Failed",
  "Payment Successful!",
  "Razorpay SDK failed to load.",
  "Invalid plan selected. Please try again.",
  "Invalid Action",
  "Password Update Failed",
  "Could not update password.",
  "Password Updated Successfully",
  "New passwords do not match.",
  "Passwords do not match.",
  "Password must be at least 8 characters.", // the spec's text with DECISIONS §2's minimum
  "You must agree to the Terms and Conditions.",
  "Page Not Found",
  "Go Back to Dashboard",
  "Unexpected Application Error!",
  "Initializing Dashboard...",
  "Authenticating...",
  "Loading your settings...",
  "Verifying session...",
  "Validating recovery session...",
  "Updating...",
  "Manage your invoices with ease.",
  "File Too Large",
  "Dashboard Overview",
  "Create New Invoice",
  "Application Settings",
  "Help & Support",
];

const ALL_GROUPS = [
  AUTH_MESSAGES,
  PASSWORD_MESSAGES,
  SETTINGS_MESSAGES,
  IMPORT_MESSAGES,
  CLEAR_MESSAGES,
  CREDIT_MESSAGES,
  PAYMENT_MESSAGES,
  ROUTING_MESSAGES,
  LOADING_TEXTS,
  PAGE_TITLES,
];

describe("messages", () => {
  const texts = new Set(
    ALL_GROUPS.flatMap((group) => Object.values(group).filter((v) => typeof v === "string")),
  );

  it.each(SPEC_TEXTS)("holds the spec text %j word for word", (text) => {
    expect(texts.has(text)).toBe(true);
  });

  it("fills in the parameterised texts", () => {
    expect(AUTH_MESSAGES.welcomeBackTitle("Asha")).toBe("Welcome back, Asha!");
    expect(CREDIT_MESSAGES.creditsRemaining(1)).toBe("You have 1 download credit left.");
    expect(PAYMENT_MESSAGES.creditsAdded(100)).toBe("100 credits have been added to your account.");
  });

  it("agrees with the password rules", () => {
    expect(passwordProblem("abc")).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem("password")).toBe(PASSWORD_MESSAGES.tooCommon);
    expect(passwordProblem("x".repeat(200))).toBe(PASSWORD_MESSAGES.tooLong);
  });
});
