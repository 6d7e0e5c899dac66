// Every user-facing text of the spec (§2, §4, §5, §8) and DECISIONS, word for word, so the
// browser and the server say the same thing (DECISIONS §9). Texts marked "ours" fill a gap where
// the spec gives only the gist; everything else must not be reworded.

export const AUTH_MESSAGES = {
  // Generic auth failures (spec §8 "Auth (generic)"). Note the two spellings the spec uses:
  // "Sign up Failed" for the generic toast, "Signup Failed" on the sign-up form.
  genericSignUpFailedTitle: "Sign up Failed",
  signInFailedTitle: "Sign in Failed",
  signOutFailedTitle: "Sign out Failed",
  somethingWentWrong: "Something went wrong",
  authSessionMissing: "Auth session missing!",
  authSessionOrUserMissing: "Auth session or user missing",

  loginFailedTitle: "Login Failed",
  emailNotConfirmed: "Please confirm your email address. Check your inbox for a confirmation link.",
  invalidCredentials: "Invalid email or password. Please try again or reset your password.",

  signUpFailedTitle: "Signup Failed",
  emailAlreadyRegisteredTitle: "Email Already Registered",
  couldNotCreateAccount: "Could not create account.",
  confirmationEmailSent:
    "A confirmation email has been sent. Please check your inbox to verify your account.",
  accountCreatedAndVerified: "Your account has been created and verified.",
  /** Ours: shown on the Login tab that the e-mail confirmation link opens. */
  emailConfirmed: "Your e-mail address is confirmed. You can sign in now.",
  mustAgreeToTerms: "You must agree to the Terms and Conditions.",

  passwordResetFailedTitle: "Password Reset Failed",
  couldNotSendResetEmail: "Could not send reset email.",
  resetInstructionsSent: "If an account exists for this email, you will receive reset instructions.",

  googleSignInFailedTitle: "Google Sign-In Failed",
  googleNotConfigured: "Google sign-in is not configured on this server.",

  welcomeBackTitle: (name: string) => `Welcome back, ${name}!`,
  welcomeBackDescription: "Manage your invoices with ease.",
  /** Used when the profile has no full name and the e-mail has no local part. */
  fallbackUserName: "User",
} as const;

export const PASSWORD_MESSAGES = {
  tooShort: "Password must be at least 8 characters.", // DECISIONS §2: the spec's message, with its real minimum
  tooCommon: "This password is too common. Please choose a less common password.", // ours (DECISIONS §2)
  tooLong: "Password must be at most 128 characters.", // ours
  passwordsDoNotMatch: "Passwords do not match.",
  newPasswordsDoNotMatch: "New passwords do not match.",
  invalidActionTitle: "Invalid Action",
  passwordUpdateFailedTitle: "Password Update Failed",
  couldNotUpdatePassword: "Could not update password.",
  passwordUpdatedTitle: "Password Updated Successfully",
} as const;

export const SETTINGS_MESSAGES = {
  settingsSavedTitle: "Settings Saved",
  errorLoadingSettingsTitle: "Error Loading Settings",
  errorLoadingSettings: "Could not load your settings. Using defaults.", // ours
  settingsSaveErrorTitle: "Settings Save Error",
  settingsSaveError:
    "Your settings could not be saved to the server. The changes are kept on this device only.", // ours
  errorLoadingProductsTitle: "Error Loading Products",
  errorTitle: "Error",
  userNotAuthenticated: "User not authenticated.",
  fileTooLargeTitle: "File Too Large",
  fileTooLarge: "The image should be less than 2MB.", // the wording of the spec's hint
} as const;

export const IMPORT_MESSAGES = {
  exportErrorTitle: "Export Error",
  dataExportedTitle: "Data Exported",
  importErrorTitle: "Import Error",
  invalidFileFormat: "Invalid file format. Missing required data sections.",
  clientImportErrorPrefix: "Client import error",
  invoiceImportErrorPrefix: "Invoice import error",
  productImportErrorPrefix: "Product/Service import error",
  // Bahi's own extensions of the file (docs/decisions/0031-recurring-schedule.md, 0037-credit-notes.md).
  quoteImportErrorPrefix: "Quote import error",
  recurringImportErrorPrefix: "Recurring profile import error",
  creditNoteImportErrorPrefix: "Credit note import error",
  statementImportErrorPrefix: "Statement import error",
  dataImportedTitle: "Data Imported Successfully",
  dataImported: "Your data has been imported. Please refresh the page to see it.", // ours
  // ours (decision 0087): links of another business's export, or of another server, are not taken over.
  linksNotKept: (count: number) =>
    `${count} public link${count === 1 ? "" : "s"} in the file ${count === 1 ? "was" : "were"} not made by this business on this server, so ${count === 1 ? "it was" : "they were"} not kept: share those documents again to give your clients a new link.`,
} as const;

export const CLEAR_MESSAGES = {
  errorClearingDataTitle: "Error Clearing Data",
  timedOut:
    "Data clearing process timed out on the server. Some data might remain. Please try again or contact support.",
  failedToClear: "Failed to clear backend data.",
} as const;

export const CREDIT_MESSAGES = {
  errorLoadingCreditsTitle: "Error Loading Credits",
  authenticationErrorTitle: "Authentication Error",
  pleaseLogInToDownload: "Please log in to download.",
  loadingCreditsTitle: "Loading Credits",
  downloadFailedTitle: "Download Failed",
  couldNotUpdateDownloadCount: "Could not update your download count.",
  downloadSuccessfulTitle: "Download Successful",
  creditsRemaining: (remaining: number) =>
    `You have ${remaining} download credit${remaining === 1 ? "" : "s"} left.`, // ours
  topUpTitle: "Top Up Your Credits",
  mostPopular: "Most Popular",
  purchasePlan: "Purchase Plan",
} as const;

export const PAYMENT_MESSAGES = {
  pleaseLogIn: "Please log in",
  paymentErrorTitle: "Payment Error",
  authSessionError: "Authentication error: Could not retrieve user session. Please sign in again.",
  failedToCreateOrder: "Failed to create payment order.",
  initializationFailedTitle: "Payment Initialization Failed",
  couldNotConnectToGateway: "Could not connect to the payment gateway. Please try again later.",
  verificationFailedTitle: "Payment Verification Failed",
  couldNotVerifyPayment: "Could not verify payment. Please contact support.",
  paymentCancelledTitle: "Payment Cancelled",
  paymentFailedTitle: "Payment Failed",
  paymentSuccessfulTitle: "Payment Successful!",
  creditsAdded: (credits: number) => `${credits} credits have been added to your account.`, // ours
  invalidPlan: "Invalid plan selected. Please try again.",
  sdkFailedToLoad: "Razorpay SDK failed to load.",
  sdkObjectMissing: "Razorpay SDK failed to load. Razorpay is not available in this browser.", // ours
  notConfigured: "Payments are not configured on this server.", // ours
} as const;

export const ROUTING_MESSAGES = {
  pageNotFound: "Page Not Found",
  goBackToDashboard: "Go Back to Dashboard",
  unexpectedApplicationError: "Unexpected Application Error!",
} as const;

export const LOADING_TEXTS = {
  initializingDashboard: "Initializing Dashboard...",
  authenticating: "Authenticating...",
  loadingSettings: "Loading your settings...",
  verifyingSession: "Verifying session...",
  validatingRecoverySession: "Validating recovery session...",
  updating: "Updating...",
} as const;

/** Page titles of the protected routes (spec §2); the default title is the product name. */
export const PAGE_TITLES = {
  default: "Bahi",
  dashboard: "Dashboard Overview",
  paymentSuccess: "Payment Successful",
  newInvoice: "Create New Invoice",
  editInvoice: "Edit Invoice",
  invoices: "All Invoices",
  /** Ours: the recurring invoices page (not in the specification). */
  recurring: "Recurring Invoices",
  /** Ours: the quotes (estimates) pages. */
  quotes: "Quotes",
  newQuote: "New Quote",
  editQuote: "Quote",
  /** Ours: proforma invoices and delivery challans. */
  proformas: "Proforma invoices",
  newProforma: "New Proforma Invoice",
  editProforma: "Proforma Invoice",
  challans: "Delivery challans",
  newChallan: "New Delivery Challan",
  editChallan: "Delivery Challan",
  /** Ours: GSTR-1 for a month (not in the specification). */
  reports: "GST Reports",
  clients: "Manage Clients",
  inventory: "Inventory Overview",
  inventoryDetails: "Inventory Product Details",
  inventoryManageItems: "Manage Inventory Items",
  settings: "Application Settings",
  instructions: "User Instructions",
  support: "Help & Support",
  account: "My Account",
} as const;
