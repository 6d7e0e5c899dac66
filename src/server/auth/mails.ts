import type { MailMessage } from "../services/mail";

export function verificationMail(to: string, name: string, url: string): MailMessage {
  const greeting = name ? `Hello ${name},` : "Hello,";
  return {
    to,
    subject: "Confirm your e-mail address for Bahi",
    text: `${greeting}\n\nWelcome to Bahi. Please confirm your e-mail address by opening this link:\n\n${url}\n\nThe link is valid for 24 hours. If you did not sign up, you can ignore this mail.\n\nBahi`,
  };
}

export function resetPasswordMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: "Reset your Bahi password",
    secretLinks: true,
    text: `Hello,\n\nSomeone asked to reset the password of your Bahi account. To choose a new password, open this link:\n\n${url}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this mail: your password stays as it is.\n\nBahi`,
  };
}
