// Every endpoint of the API in one map (decision 014). The server registers its routes from
// `endpoints`; the web imports only the `Api` type, so no schema reaches the browser through here.
import { auditEndpoints } from './audit';
import { authEndpoints } from './auth';
import { backupEndpoints } from './backup';
import { contentEndpoints } from './content';
import { adminCryptoEndpoints, cryptoEndpoints } from './cryptos';
import type { EndpointMap } from './endpoint';
import { eventEndpoints } from './events';
import { healthEndpoints } from './health';
import { operatorEndpoints, teamEndpoints } from './operators';
import { twoFactorEndpoints } from './two-factor';
import { sessionListEndpoints } from './sessions';
import { transparencyEndpoints } from './transparency';
import { distributionEndpoints } from './distribution';
import { drawEndpoints } from './draws';
import { emailVerificationEndpoints, operatorNotificationEndpoints, outboxEndpoints, passwordResetEndpoints } from './mail';
import { adminOrderEndpoints, orderEndpoints } from './orders';
import { paymentEndpoints, unallocatedEndpoints } from './payments';
import { pixelEndpoints } from './pixels';
import { referralEndpoints } from './referrals';
import { campaignEndpoints } from './campaigns';
import { saleAdminEndpoints, saleEndpoints } from './sale';
import { setupEndpoints } from './setup';
import { termsEndpoints } from './terms';
import { eligibilityEndpoints } from './eligibility';
import { identityEndpoints } from './identity';
import { userEndpoints } from './users';
import { withdrawalEndpoints } from './withdrawals';

export const endpoints = {
  ...healthEndpoints,
  ...saleEndpoints,
  ...contentEndpoints,
  ...cryptoEndpoints,
  ...eventEndpoints,
  ...authEndpoints,
  ...orderEndpoints,
  ...operatorEndpoints,
  ...adminCryptoEndpoints,
  ...saleAdminEndpoints,
  ...adminOrderEndpoints,
  ...userEndpoints,
  ...pixelEndpoints,
  ...auditEndpoints,
  ...setupEndpoints,
  ...backupEndpoints,
  ...paymentEndpoints,
  ...unallocatedEndpoints,
  ...outboxEndpoints,
  ...passwordResetEndpoints,
  ...emailVerificationEndpoints,
  ...operatorNotificationEndpoints,
  ...teamEndpoints,
  ...twoFactorEndpoints,
  ...sessionListEndpoints,
  ...transparencyEndpoints,
  ...distributionEndpoints,
  ...referralEndpoints,
  ...campaignEndpoints,
  ...drawEndpoints,
  ...termsEndpoints,
  ...withdrawalEndpoints,
  ...eligibilityEndpoints,
  ...identityEndpoints,
} satisfies EndpointMap;

export type Api = typeof endpoints;
export type ApiKey = keyof Api;
