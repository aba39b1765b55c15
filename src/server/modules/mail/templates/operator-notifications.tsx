// The notifications operators turn on in the Outbox: a payment, or a buyer's withdrawal, waiting for them.
import { Text } from '@react-email/text';
import { Detail, Layout, rendered, styles, type MailContext, type RenderedMail } from './layout';

/** A payment or withdrawal waiting for an operator, as a notification tells it. */
export interface ReviewNotice {
  reason: 'tx-hash' | 'watched' | 'unallocated' | 'withdrawal';
  orderId: string | null;
  amount: string | null;
  txHash: string | null;
  /** Where the operator decides. */
  link: string;
}

const REVIEW_REASONS: Record<ReviewNotice['reason'], string> = {
  'tx-hash': 'The buyer attached the transaction hash of their payment. Check it on the network, then approve or reject the order.',
  watched:
    'A payment to the buyer’s deposit address is confirmed, but it was not approved automatically: it is under- or overpaid, late, or above the automatic-approval limit. It needs your decision.',
  unallocated: 'A confirmed deposit arrived that no open order holds. Create an order from it, or dismiss it with a note.',
  withdrawal: 'The buyer asked to withdraw this approved order. Send the refund and record it, or decline the request with a reason the buyer reads.',
};

export function reviewNoticeMail(context: MailContext, kind: 'review' | 'waiting', notice: ReviewNotice, waitMinutes: number): Promise<RenderedMail> {
  const what = notice.orderId ? `order ${notice.orderId}${notice.amount ? ` (${notice.amount})` : ''}` : 'an unallocated deposit';
  const thing = notice.reason === 'withdrawal' ? 'withdrawal' : 'payment';
  const subject = kind === 'review' ? `${thing === 'withdrawal' ? 'Withdrawal' : 'Payment'} to review: ${what}` : `Still waiting for review after ${String(waitMinutes)} minutes: ${what}`;
  return rendered(
    subject,
    <Layout context={context} preview={subject} heading={kind === 'review' ? `A ${thing} needs review` : `A ${thing} is still waiting for review`} action={{ label: 'Open in the back-office', href: notice.link }}>
      {kind === 'waiting' ? <Text style={styles.text}>This has waited for a decision for over {waitMinutes} minutes.</Text> : null}
      <Text style={styles.text}>{REVIEW_REASONS[notice.reason]}</Text>
      {notice.orderId ? <Detail label="Order" value={notice.orderId} /> : null}
      {notice.amount ? <Detail label="Amount" value={notice.amount} /> : null}
      {notice.txHash ? <Detail label="Transaction" value={notice.txHash} /> : null}
      <Text style={styles.small}>You receive this because you turned on notifications on the Outbox page of the back-office.</Text>
    </Layout>,
  );
}
