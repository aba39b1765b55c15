// Order messages, rendered when sent from what was recorded at the event.
import { Img } from '@react-email/img';
import { Text } from '@react-email/text';
import { Detail, Greeting, Layout, rendered, styles, type MailContext, type RenderedMail } from './layout';
import { orderMailSubject, QR_CID, type OrderMailData, type OrderMailKind } from './order-subject';

const when = (iso: string) => new Date(iso).toUTCString().replace('GMT', 'UTC');

export function orderMail(kind: OrderMailKind, context: MailContext, d: OrderMailData): Promise<RenderedMail> {
  const subject = orderMailSubject(kind, d);
  const view = { label: 'View your order', href: d.link };
  switch (kind) {
    case 'order-created':
      return rendered(
        subject,
        <Layout context={context} preview={`Send ${d.payAmount} ${d.code} before ${when(d.expiresAt)}`} heading="Your order is waiting for payment" action={view}>
          <Greeting name={d.name} />
          <Text style={styles.text}>
            Send exactly {d.payAmount} {d.code} on {d.network} to the address below before {when(d.expiresAt)}. You will receive {d.tokens} {d.symbol}
            {d.bonusTokens !== '0' ? ` and a bonus of ${d.bonusTokens} ${d.symbol}` : ''}.
          </Text>
          <Detail label="Amount" value={`${d.payAmount} ${d.code}`} />
          <Detail label="Network" value={d.network} />
          <Detail label="Address" value={d.address} />
          <Img src={`cid:${QR_CID}`} width="180" height="180" alt={`QR code for ${d.payAmount} ${d.code} to ${d.address}`} style={{ margin: '16px 0' }} />
          <Text style={styles.small}>Sending another currency, or on another network, loses the payment.</Text>
        </Layout>,
      );
    case 'order-payment-seen':
      return rendered(
        subject,
        <Layout context={context} preview="Your payment is on the chain" heading="We saw your payment" action={view}>
          <Greeting name={d.name} />
          <Text style={styles.text}>
            A payment for order {d.orderId} is on the chain{d.txHash ? ` (transaction ${d.txHash})` : ''}. It is credited once it has enough confirmations; the order page shows them live.
          </Text>
        </Layout>,
      );
    case 'order-approved':
      return rendered(
        subject,
        <Layout context={context} preview={`${d.tokens} ${d.symbol} credited`} heading="Your order was approved" action={view}>
          <Greeting name={d.name} />
          <Text style={styles.text}>
            {d.tokens} {d.symbol}
            {d.bonusTokens !== '0' ? ` and a bonus of ${d.bonusTokens} ${d.symbol}` : ''} were credited to your account.
          </Text>
          {d.balance ? <Detail label="Your balance" value={`${d.balance} ${d.symbol}${d.level ? ` (level ${d.level})` : ''}`} /> : null}
          {d.note ? <Detail label="Note" value={d.note} /> : null}
        </Layout>,
      );
    case 'order-rejected':
      return rendered(
        subject,
        <Layout context={context} preview="Your order was rejected" heading="Your order was rejected" action={view}>
          <Greeting name={d.name} />
          <Text style={styles.text}>Order {d.orderId} was rejected, and nothing was credited for it.</Text>
          {d.note ? <Detail label="Why" value={d.note} /> : null}
        </Layout>,
      );
    case 'order-expired':
      return rendered(
        subject,
        <Layout context={context} preview="The payment window closed" heading="Your order expired" action={d.buyLink ? { label: 'Buy again', href: d.buyLink } : view}>
          <Greeting name={d.name} />
          <Text style={styles.text}>
            No payment for order {d.orderId} arrived before {when(d.expiresAt)}, so it expired. If you sent it anyway, the order page shows what happens next.
          </Text>
        </Layout>,
      );
  }
}
