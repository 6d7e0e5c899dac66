// Delays and toast durations of the spec (§4, §8, §9), in milliseconds.

export const TOAST_DURATIONS_MS = {
  default: 5_000,
  loginFailed: 7_000,
  emailAlreadyRegistered: 10_000,
  confirmationEmailSent: 15_000,
} as const;

export const DELAYS_MS = {
  redirectAfterPasswordUpdate: 1_500,
  redirectWithoutRecoverySession: 4_000,
  signOutAfterClearingData: 3_000,
} as const;
