// The e-mails Presale sends, as React Email components: one layout (the sale's name, a heading, the
// message, an optional button, the footer) rendered to an HTML part and a plain-text part. React
// escapes every value it renders, so a buyer's name cannot inject markup.
import { Body, Button, Container, Head, Heading, Hr, Html, Img, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { ReactNode } from 'react';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What every message knows: the sale it is from and where the app lives. */
export interface MailContext {
  saleName: string;
  /** Whether the sale has a logo: it is shown above the name, attached to the message by `LOGO_CID`. */
  logo: boolean;
  publicUrl: string;
  supportContact: string;
}

/** The content id of the sale's logo in a message that shows it. */
export const LOGO_CID = 'logo@presale';

const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' },
  container: { backgroundColor: '#ffffff', borderRadius: '8px', margin: '0 auto', maxWidth: '560px', padding: '32px 28px' },
  brand: { color: '#4338ca', fontSize: '14px', fontWeight: 700, letterSpacing: '0.04em', margin: '0 0 24px', textTransform: 'uppercase' as const },
  heading: { color: '#18181b', fontSize: '22px', lineHeight: '1.3', margin: '0 0 16px' },
  text: { color: '#3f3f46', fontSize: '15px', lineHeight: '1.6', margin: '0 0 14px' },
  button: { backgroundColor: '#4338ca', borderRadius: '6px', color: '#ffffff', display: 'inline-block', fontSize: '15px', fontWeight: 600, padding: '12px 20px', textDecoration: 'none' },
  small: { color: '#71717a', fontSize: '12px', lineHeight: '1.5', margin: '0 0 6px' },
};

function Layout({ context, preview, heading, children, action }: { context: MailContext; preview: string; heading: string; children: ReactNode; action?: { label: string; href: string } }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          {context.logo ? <Img src={`cid:${LOGO_CID}`} alt={context.saleName} height="40" style={{ height: '40px', margin: '0 0 12px', width: 'auto' }} /> : null}
          <Text style={styles.brand}>{context.saleName}</Text>
          <Heading as="h1" style={styles.heading}>
            {heading}
          </Heading>
          {children}
          {action ? (
            <Section style={{ margin: '24px 0' }}>
              <Button href={action.href} style={styles.button}>
                {action.label}
              </Button>
              <Text style={styles.small}>Or paste this link into your browser: {action.href}</Text>
            </Section>
          ) : null}
          <Hr style={{ borderColor: '#e4e4e7', margin: '24px 0 16px' }} />
          <Text style={styles.small}>
            {context.saleName} · {context.publicUrl}
          </Text>
          {context.supportContact ? <Text style={styles.small}>Questions? Contact {context.supportContact}.</Text> : null}
        </Container>
      </Body>
    </Html>
  );
}

/**
 * "Hello Ada," to an address the buyer proved; "Hello," otherwise (`name` null or empty): a name
 * typed at registration is not mailed to an address nobody has shown to be theirs.
 */
function Greeting({ name }: { name: string | null }) {
  return <Text style={styles.text}>{name ? `Hello ${name},` : 'Hello,'}</Text>;
}

async function rendered(subject: string, element: ReactNode): Promise<RenderedMail> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}

export function passwordResetMail(context: MailContext, name: string | null, link: string, validMinutes: number): Promise<RenderedMail> {
  return rendered(
    `Reset your ${context.saleName} password`,
    <Layout context={context} preview="A link to set a new password" heading="Reset your password" action={{ label: 'Set a new password', href: link }}>
      <Greeting name={name} />
      <Text style={styles.text}>
        Someone asked to reset the password of your {context.saleName} account. The link below works once, for {validMinutes} minutes.
      </Text>
      <Text style={styles.text}>If it was not you, ignore this message: your password stays as it is.</Text>
    </Layout>,
  );
}

export function verifyEmailMail(context: MailContext, name: string | null, link: string, validDays: number): Promise<RenderedMail> {
  return rendered(
    `Verify your e-mail address for ${context.saleName}`,
    <Layout context={context} preview="One click to verify your address" heading="Verify your e-mail address" action={{ label: 'Verify my address', href: link }}>
      <Greeting name={name} />
      <Text style={styles.text}>
        Open the link below to confirm that this address is yours. It works for {validDays} days; you can send a new one from your dashboard.
      </Text>
      <Text style={styles.text}>If you did not create an account, ignore this message.</Text>
    </Layout>,
  );
}

export function emailChangeMail(context: MailContext, name: string | null, newEmail: string, link: string, validHours: number): Promise<RenderedMail> {
  return rendered(
    `Confirm your new e-mail address for ${context.saleName}`,
    <Layout context={context} preview="One click to move your account to this address" heading="Confirm your new address" action={{ label: 'Use this address', href: link }}>
      <Greeting name={name} />
      <Text style={styles.text}>
        You asked to sign in to {context.saleName} with {newEmail} from now on. Your address changes when you open the link below; it works for {validHours} hours.
      </Text>
      <Text style={styles.text}>If you did not ask for this, ignore this message: nothing changes.</Text>
    </Layout>,
  );
}

export function emailChangeRequestedMail(context: MailContext, name: string | null, newEmail: string, profileLink: string): Promise<RenderedMail> {
  return rendered(
    `A change of your ${context.saleName} e-mail address was requested`,
    <Layout context={context} preview="Your account may move to another address" heading="Your e-mail address is about to change" action={{ label: 'Review my profile', href: profileLink }}>
      <Greeting name={name} />
      <Text style={styles.text}>
        Someone signed in to your {context.saleName} account with your password asked to move it to {newEmail}. The change applies only when the link we sent to that address is
        opened.
      </Text>
      <Text style={styles.text}>If this was not you, sign in, withdraw the change in My Profile and change your password at once.</Text>
    </Layout>,
  );
}

export function passwordChangedMail(context: MailContext, name: string | null, signInLink: string, signedOut: 'every' | 'other' = 'every'): Promise<RenderedMail> {
  return rendered(
    `Your ${context.saleName} password was changed`,
    <Layout context={context} preview="Your password was changed" heading="Your password was changed" action={{ label: 'Sign in', href: signInLink }}>
      <Greeting name={name} />
      <Text style={styles.text}>
        The password of your {context.saleName} account was just changed{signedOut === 'every' ? ', and every session was signed out.' : ' in My Profile, and every other session was signed out.'}
      </Text>
      <Text style={styles.text}>If you did not do this, reset your password at once and contact us.</Text>
    </Layout>,
  );
}

// ── Receiving wallet (issue 19) ──────────────────────────────────────────────────────────────────

const mono = { ...styles.text, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', wordBreak: 'break-all' as const };

/** A buyer asked, after the sale ended, to have their tokens go to another wallet. */
export function walletChangeRequestedMail(context: MailContext, name: string | null, address: string, profileLink: string): Promise<RenderedMail> {
  return rendered(
    `Your request to change your ${context.saleName} receiving wallet`,
    <Layout context={context} preview="The sale team will review your new wallet" heading="We received your request to change your wallet" action={{ label: 'Review my profile', href: profileLink }}>
      <Greeting name={name} />
      <Text style={styles.text}>Someone signed in to your account with your password asked that your tokens be delivered to:</Text>
      <Text style={mono}>{address}</Text>
      <Text style={styles.text}>The sale has ended, so the sale team reviews the change before it applies. We will write to you when it is decided.</Text>
      <Text style={styles.text}>If this was not you, sign in, withdraw the request in My Profile and change your password at once.</Text>
    </Layout>,
  );
}

/** The sale team's decision on a buyer's request to change their wallet. */
export function walletChangeDecidedMail(context: MailContext, name: string | null, decision: { approved: boolean; address: string; note: string }, profileLink: string): Promise<RenderedMail> {
  const heading = decision.approved ? 'Your new receiving wallet is approved' : 'Your wallet change was not approved';
  return rendered(
    decision.approved ? `Your ${context.saleName} receiving wallet was changed` : `Your ${context.saleName} wallet change was not approved`,
    <Layout context={context} preview={heading} heading={heading} action={{ label: 'Review my profile', href: profileLink }}>
      <Greeting name={name} />
      <Text style={styles.text}>{decision.approved ? 'Your tokens will now be delivered to:' : 'Your tokens stay with your current wallet. The change you asked for was to:'}</Text>
      <Text style={mono}>{decision.address}</Text>
      {decision.note ? <Text style={styles.text}>Note from the sale team: {decision.note}</Text> : null}
      {decision.approved ? <Text style={styles.text}>If you did not ask for this, contact us at once.</Text> : null}
    </Layout>,
  );
}

/** The buyer's receiving wallet was set or changed (applied at once, before the sale is over). */
export function receivingWalletChangedMail(context: MailContext, name: string | null, wallet: { previous: string | null; address: string }, profileLink: string): Promise<RenderedMail> {
  const heading = wallet.previous ? 'Your receiving wallet was changed' : 'Your receiving wallet was set';
  return rendered(
    heading.replace('Your', `Your ${context.saleName}`),
    <Layout context={context} preview={heading} heading={heading} action={{ label: 'Review my profile', href: profileLink }}>
      <Greeting name={name} />
      <Text style={styles.text}>Someone signed in to your account with your password set where your tokens will be delivered.</Text>
      {wallet.previous ? (
        <>
          <Text style={styles.text}>Old wallet:</Text>
          <Text style={mono}>{wallet.previous}</Text>
        </>
      ) : null}
      <Text style={styles.text}>{wallet.previous ? 'New wallet:' : 'Wallet:'}</Text>
      <Text style={mono}>{wallet.address}</Text>
      <Text style={styles.text}>If this was not you, sign in, set your own wallet in My Profile, change your password at once and contact us.</Text>
    </Layout>,
  );
}

// ── Two-factor sign-in ───────────────────────────────────────────────────────────────────────────

/** Two-factor sign-in was turned on or off for the buyer's account (by them, or reset by the sale team). */
export function twoFactorChangedMail(context: MailContext, name: string | null, change: 'on' | 'off' | 'reset', profileLink: string): Promise<RenderedMail> {
  const heading = change === 'on' ? 'Two-factor sign-in was turned on' : 'Two-factor sign-in was turned off';
  const what = {
    on: 'Signing in to your account now takes a code from an authenticator app as well as your password.',
    off: 'Signing in to your account now takes only your password.',
    reset: 'The sale team turned off two-factor sign-in for your account, as asked: signing in now takes only your password. You can turn it on again in My Profile.',
  }[change];
  return rendered(
    `${heading} on your ${context.saleName} account`,
    <Layout context={context} preview={heading} heading={heading} action={{ label: 'Review my profile', href: profileLink }}>
      <Greeting name={name} />
      <Text style={styles.text}>{what}</Text>
      <Text style={styles.text}>
        {change === 'on'
          ? 'If this was not you, someone has your password: reset it by e-mail at once and contact us; the sale team can turn two-factor sign-in off for you.'
          : 'If this was not you, change your password at once, turn two-factor sign-in on again and contact us.'}
      </Text>
    </Layout>,
  );
}

// ── Operator notifications ───────────────────────────────────────────────────────────────────────

/** A payment waiting for an operator, as a notification tells it. */
export interface ReviewNotice {
  reason: 'tx-hash' | 'watched' | 'unallocated';
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
};

export function reviewNoticeMail(context: MailContext, kind: 'review' | 'waiting', notice: ReviewNotice, waitMinutes: number): Promise<RenderedMail> {
  const what = notice.orderId ? `order ${notice.orderId}${notice.amount ? ` (${notice.amount})` : ''}` : 'an unallocated deposit';
  const subject = kind === 'review' ? `Payment to review: ${what}` : `Still waiting for review after ${String(waitMinutes)} minutes: ${what}`;
  return rendered(
    subject,
    <Layout context={context} preview={subject} heading={kind === 'review' ? 'A payment needs review' : 'A payment is still waiting for review'} action={{ label: 'Open in the back-office', href: notice.link }}>
      {kind === 'waiting' ? <Text style={styles.text}>This has waited for a decision for over {waitMinutes} minutes.</Text> : null}
      <Text style={styles.text}>{REVIEW_REASONS[notice.reason]}</Text>
      {notice.orderId ? <Detail label="Order" value={notice.orderId} /> : null}
      {notice.amount ? <Detail label="Amount" value={notice.amount} /> : null}
      {notice.txHash ? <Detail label="Transaction" value={notice.txHash} /> : null}
      <Text style={styles.small}>You receive this because you turned on notifications on the Outbox page of the back-office.</Text>
    </Layout>,
  );
}

// ── Order messages (rendered when sent, from what was recorded at the event) ──────────────────────

/** What an order message is made from, recorded when the order changed. */
export interface OrderMailData {
  name: string;
  orderId: string;
  /** The order page. */
  link: string;
  code: string;
  network: string;
  address: string;
  payAmount: string;
  /** The wallet URI the QR code holds. */
  paymentUri: string;
  expiresAt: string;
  tokens: string;
  bonusTokens: string;
  symbol: string;
  /** After approval: the buyer's balance and level then. */
  balance?: string;
  level?: string | null;
  note?: string | null;
  txHash?: string | null;
  /** For an expired order: where to buy again. */
  buyLink?: string;
}

export const ORDER_MAIL_KINDS = ['order-created', 'order-payment-seen', 'order-approved', 'order-rejected', 'order-expired'] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** The image the order-created message shows, attached by this content id. */
export const QR_CID = 'payment-qr@presale';

const when = (iso: string) => new Date(iso).toUTCString().replace('GMT', 'UTC');

export function orderMailSubject(kind: OrderMailKind, d: Pick<OrderMailData, 'orderId' | 'payAmount' | 'code' | 'tokens' | 'symbol'>): string {
  switch (kind) {
    case 'order-created':
      return `Order ${d.orderId}: send ${d.payAmount} ${d.code}`;
    case 'order-payment-seen':
      return `Order ${d.orderId}: payment seen, confirming`;
    case 'order-approved':
      return `Order ${d.orderId} approved: ${d.tokens} ${d.symbol} credited`;
    case 'order-rejected':
      return `Order ${d.orderId} was rejected`;
    case 'order-expired':
      return `Order ${d.orderId} expired`;
  }
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Text style={{ ...styles.text, margin: '0 0 6px' }}>
      <strong>{label}:</strong> {value}
    </Text>
  );
}

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
