// The messages about a buyer's withdrawal of an approved order (issue 34, decision 040).
import { Text } from '@react-email/text';
import { Greeting, Layout, rendered, styles, type MailContext, type RenderedMail } from './layout';

const mono = { ...styles.text, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', wordBreak: 'break-all' as const };

export interface WithdrawalMailOrder {
  /** The order's number as its page shows it. */
  order: string;
  tokens: string;
  symbol: string;
  link: string;
}

/** The buyer asked to withdraw an approved order. */
export function withdrawalRequestedMail(context: MailContext, name: string | null, o: WithdrawalMailOrder): Promise<RenderedMail> {
  return rendered(
    `Your withdrawal of order #${o.order} was received`,
    <Layout context={context} preview="The sale team will record your refund" heading="We received your withdrawal request" action={{ label: 'View my order', href: o.link }}>
      <Greeting name={name} />
      <Text style={styles.text}>
        You asked to withdraw order #{o.order} ({o.tokens} {o.symbol}). The sale team sends your payment back and records the refund; the tokens then leave your balance. We will write to you when
        it is done.
      </Text>
      <Text style={styles.text}>If this was not you, sign in, change your password at once and contact us.</Text>
    </Layout>,
  );
}

/** The operator recorded the refund: the order is withdrawn. */
export function withdrawalCompletedMail(context: MailContext, name: string | null, o: WithdrawalMailOrder, refund: { amount: string; currency: string; txHash: string; note: string }): Promise<RenderedMail> {
  return rendered(
    `Order #${o.order} was withdrawn and refunded`,
    <Layout context={context} preview="Your refund was sent" heading="Your withdrawal is complete" action={{ label: 'View my order', href: o.link }}>
      <Greeting name={name} />
      <Text style={styles.text}>
        The sale team refunded {refund.amount} {refund.currency} for order #{o.order}, and its {o.tokens} {o.symbol} left your balance. The refund's transaction:
      </Text>
      <Text style={mono}>{refund.txHash}</Text>
      {refund.note ? <Text style={styles.text}>Note from the sale team: {refund.note}</Text> : null}
    </Layout>,
  );
}

/** The operator declined the request, with the reason. */
export function withdrawalDeclinedMail(context: MailContext, name: string | null, o: WithdrawalMailOrder, reason: string): Promise<RenderedMail> {
  return rendered(
    `Your withdrawal of order #${o.order} was declined`,
    <Layout context={context} preview="Your order stays as it was" heading="Your withdrawal was declined" action={{ label: 'View my order', href: o.link }}>
      <Greeting name={name} />
      <Text style={styles.text}>
        The sale team declined your request to withdraw order #{o.order}; its {o.tokens} {o.symbol} stay in your balance.
      </Text>
      <Text style={styles.text}>Reason: {reason}</Text>
    </Layout>,
  );
}
