// The optional campaign code on Buy Token (issue 31): the server says what bonus it gives, or why it
// cannot be used, shown at the field; the quote then shows the bonus.
import { useEffect, useState } from 'react';
import { CAMPAIGN_CODE_MESSAGE, CAMPAIGN_CODE_PATTERN } from '@/domain/campaign-code';
import { useCampaignOffer } from '@/web/api/campaigns';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { ApiError } from '@/web/lib/api-client';
import type { CampaignState } from '../lib/purchase-preview';

/** How long typing pauses before the code is looked up. */
const LOOKUP_DELAY_MS = 300;

/** The code as typed, and where it stands once looked up. */
export function useCampaignCode(): { value: string; setValue: (value: string) => void; campaign: CampaignState } {
  const [value, setValue] = useState('');
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  const typed = value.trim();
  const offer = useCampaignOffer(settled);
  const campaign: CampaignState =
    typed === ''
      ? { state: 'none' }
      : settled !== typed
        ? { state: 'checking' }
        : !CAMPAIGN_CODE_PATTERN.test(typed)
          ? { state: 'refused', message: CAMPAIGN_CODE_MESSAGE }
          : offer.isFetching
            ? { state: 'checking' }
          : offer.error
            ? { state: 'refused', message: offer.error instanceof ApiError ? (offer.error.fields.campaignCode ?? offer.error.message) : 'The campaign code could not be checked. Try again.' }
            : offer.data
              ? { state: 'usable', offer: offer.data }
              : { state: 'checking' };
  return { value, setValue, campaign };
}

export function CampaignCodeField({ value, onChange, campaign }: { value: string; onChange: (value: string) => void; campaign: CampaignState }) {
  const hint = campaign.state === 'usable' ? `Code ${campaign.offer.code}: +${campaign.offer.buyerPercent}% bonus tokens.` : campaign.state === 'checking' ? 'Checking the code…' : 'Optional: a code from a partner or campaign.';
  return (
    <FormField label="Campaign code" hint={hint} error={campaign.state === 'refused' ? campaign.message : undefined}>
      <Input autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={32} value={value} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}
