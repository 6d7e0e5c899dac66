// Delays of the spec (§4, §8, §9), in milliseconds.

export const DELAYS_MS = {
  redirectAfterPasswordUpdate: 1_500,
  redirectWithoutRecoverySession: 4_000,
  signOutAfterClearingData: 3_000,
} as const;
