// Where a crypto's rate comes from: the price API ('feed') or the operator ('manual').

export const RATE_SOURCES = ['feed', 'manual'] as const;
