// The withdrawal right (issue 34, decision 040): pure rules shared by the server and the order page.

export const WITHDRAWAL_STATES = ['requested', 'completed', 'declined'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

export const DEFAULT_WITHDRAWAL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant an approved order's withdrawal right ends: its approval plus the setting's days. Never a rolling countdown. */
export function withdrawalDeadline(approvedAt: Date, days: number): Date {
  return new Date(approvedAt.getTime() + days * DAY_MS);
}

/** Whether `now` is still within the right (the deadline itself is past it). */
export function withinWithdrawalWindow(approvedAt: Date, days: number, now: Date): boolean {
  return now.getTime() < withdrawalDeadline(approvedAt, days).getTime();
}
