/** What buyers read while no operator has saved the sale's schedule (a fresh install, issue 28). */
export const UNSCHEDULED_TEXT = 'The presale opens soon: its dates are not set yet, so buying is not open.';
