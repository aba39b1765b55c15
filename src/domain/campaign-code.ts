// The shape of a campaign code, apart from its contract (contracts/campaigns.ts), so that Buy Token
// can check a typed code without bringing Zod into its first screen.

export const CAMPAIGN_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
export const CAMPAIGN_CODE_MESSAGE = 'A campaign code is 3 to 32 letters, digits, - or _.';
