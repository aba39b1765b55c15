// What an approved order made with a campaign code was paid under it (decision 031): all it asked for,
// less because the stage had no more room, or nothing because the code's usage limit was reached by
// other approvals first. Apart from campaign.ts so the order contracts need no decimal library.
export const CAMPAIGN_OUTCOMES = ['credited', 'reduced', 'not_paid'] as const;
export type CampaignOutcome = (typeof CAMPAIGN_OUTCOMES)[number];
